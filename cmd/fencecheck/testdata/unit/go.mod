module example.com/unit

go 1.26
