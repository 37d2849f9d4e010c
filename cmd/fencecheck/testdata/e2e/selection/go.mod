module example.com/sel

go 1.26
