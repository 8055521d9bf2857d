package samename

import "errors"

var errLang = errors.New("want a two-letter code")
