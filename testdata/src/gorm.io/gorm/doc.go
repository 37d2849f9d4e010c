// Package gorm is a test stub of gorm.io/gorm@v1.31.2, signatures copied from the real source.
//
// Config carries only its plain fields (NamingStrategy, Logger, Plugins and
// callbacks omitted); Dialector declares only Name and Initialize; Statement
// carries a subset of its fields.
package gorm
