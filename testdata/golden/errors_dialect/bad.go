package bad

import "context"

// BadOmit names dialects that do not exist, or cannot be left out. (What a
// dialect cannot express is no error: see ../degrade.)
//
//tool:export omit=claude,standard
func BadOmit(ctx context.Context) error { return nil }
