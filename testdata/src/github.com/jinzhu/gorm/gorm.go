// Package gorm is a stub of github.com/jinzhu/gorm v1.9.16 (gorm's first
// major version): the chain API of *DB, with the signatures of main.go.
package gorm

// DB is gorm v1's handle: a chain of conditions and the outcome of the
// last statement.
type DB struct {
	Value        interface{}
	Error        error
	RowsAffected int64
}

func Open(dialect string, args ...interface{}) (db *DB, err error) { return &DB{}, nil }

func (s *DB) Where(query interface{}, args ...interface{}) *DB             { return s }
func (s *DB) Model(value interface{}) *DB                                  { return s }
func (s *DB) Table(name string) *DB                                        { return s }
func (s *DB) First(out interface{}, where ...interface{}) *DB              { return s }
func (s *DB) Find(out interface{}, where ...interface{}) *DB               { return s }
func (s *DB) Update(attrs ...interface{}) *DB                              { return s }
func (s *DB) Updates(values interface{}, ignoreProtectedAttrs ...bool) *DB { return s }
func (s *DB) UpdateColumn(attrs ...interface{}) *DB                        { return s }
func (s *DB) UpdateColumns(values interface{}) *DB                         { return s }
func (s *DB) Save(value interface{}) *DB                                   { return s }
func (s *DB) Create(value interface{}) *DB                                 { return s }
func (s *DB) Delete(value interface{}, where ...interface{}) *DB           { return s }
func (s *DB) Raw(sql string, values ...interface{}) *DB                    { return s }
func (s *DB) Exec(sql string, values ...interface{}) *DB                   { return s }

func (s *DB) Transaction(fc func(tx *DB) error) (err error) { return fc(s) }
