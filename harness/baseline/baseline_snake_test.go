package baseline

import "testing"

// Names joined by underscores are identifiers people type as they are;
// one that ends in "id" names a field.
func TestSnakeCaseNames(t *testing.T) {
	for raw, want := range map[string]bool{
		"etl_daily": true, "load_orders": true, "postgres_default": true, "s3_bucket": true,
		"order_id": false, "user_ids": false, "well-known": false, "daily": false, "_private": false, "sales_": false,
	} {
		if got := snakeCase(raw); got != want {
			t.Errorf("snakeCase(%q) = %v, want %v", raw, got, want)
		}
		if got := idLike(raw); want && !got {
			t.Errorf("idLike(%q) = false, want true", raw)
		}
	}
}

// A type prefix is followed by what a machine made; the first word of a
// name is not one.
func TestIDPrefixIsNoWordOfAName(t *testing.T) {
	for raw, want := range map[string]string{
		"cus_NffrFeUfNV2Hib": "cus", "cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41": "cs",
		"load_orders": "", "postgres_default": "", "manual__2024-05-02T10:15:00+00:00": "",
	} {
		if got := idPrefix(raw); got != want {
			t.Errorf("idPrefix(%q) = %q, want %q", raw, got, want)
		}
	}
}
