package dialect

type Name int

func (n Name) String() string { return "" }

const (
	Invalid Name = iota
	PG
	SQLite
	MySQL
	MSSQL
	Oracle
)
