module example.com/loaderrs

go 1.26
