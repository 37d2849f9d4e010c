// Package clause is a test stub of gorm.io/gorm@v1.31.2 (clause), signatures copied from the real source.
package clause
