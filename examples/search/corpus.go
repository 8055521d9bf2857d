package search

import "github.com/toolgen-go/toolgen/runtime"

func fail(msg string) error { return runtime.Fail(msg) }

// HelpCenter is a small product knowledge base for examples and tests.
var HelpCenter = []Passage{
	{"reset-password", "Reset your password", "Open Settings, choose Security and press Reset password. We email a reset link that works for one hour."},
	{"change-email", "Change your email address", "In Settings, choose Account, then Email. Confirm the new address from the message we send to it."},
	{"refunds", "Refunds", "Orders can be refunded within 30 days. Open the order, press Request refund and pick a reason; refunds reach your card in 5 to 10 days."},
	{"shipping-times", "Shipping times", "Standard shipping takes 3 to 5 business days; express shipping takes 1 to 2. Orders placed before noon ship the same day."},
	{"track-order", "Track an order", "Each order page shows its tracking number and a link to the carrier's tracking page once the order ships."},
	{"two-factor", "Two-factor authentication", "Turn on two-factor authentication in Settings, Security. You will need an authenticator app; keep the backup codes safe."},
	{"delete-account", "Delete your account", "Deleting your account removes your orders, addresses and saved cards after 14 days. Contact support to cancel a deletion."},
	{"payment-methods", "Payment methods", "We accept credit and debit cards, PayPal and bank transfer. Saved cards can be removed in Settings, Payments."},
}
