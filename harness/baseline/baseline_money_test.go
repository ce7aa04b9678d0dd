package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// An amount said with its currency goes into an integer amount in the
// currency's smallest unit when it has cents or the description says so,
// and its currency into the currency code, also one the definition
// leaves undescribed.
func TestAmountsInTheSmallestUnit(t *testing.T) {
	intent := toolDef(t, "createPaymentIntent", "Creates a PaymentIntent",
		`{"type":"object","properties":{
			"amount":{"type":"integer","description":"Amount intended to be collected"},
			"currency":{"type":"string","description":"Three-letter ISO currency code"}},"required":["amount","currency"]}`)
	refund := toolDef(t, "createRefund", "Creates a refund",
		`{"type":"object","properties":{
			"payment_id":{"type":"string"},
			"refunded_money":{"type":"object","properties":{
				"amount":{"type":"integer","description":"Amount in lowest denominated value of this Currency"},
				"currency_code":{"type":"string"}}}}}`)
	checkArg(t, intent, "a payment intent for 49.99 euros", "amount", 4999.0)
	checkArg(t, intent, "a payment intent for 49.99 euros", "currency", "EUR")
	checkArg(t, intent, "a payment intent for 1500.5 yen", "currency", "JPY")
	call := callOf(t, firstCall(t, []*schema.ToolInfo{refund}, "refund $20 of payment P1"))
	money, _ := call.Args["refunded_money"].(map[string]any)
	if money["amount"] != 2000.0 || money["currency_code"] != "USD" {
		t.Errorf("refund $20: %s, want refunded_money 2000 USD", call)
	}
}
