package baseline

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// currencies are the ISO 4217 codes of currencies people name in words
// or by symbol: what a model knows of "49.99 euros" or "$20".
var currencies = map[string]string{
	"dollar": "usd", "dollars": "usd", "usd": "usd", "bucks": "usd",
	"euro": "eur", "euros": "eur", "eur": "eur",
	"pound": "gbp", "pounds": "gbp", "gbp": "gbp", "quid": "gbp",
	"yen": "jpy", "jpy": "jpy",
	"chf": "chf", "cad": "cad", "aud": "aud", "sek": "sek", "nok": "nok", "dkk": "dkk", "inr": "inr", "rupees": "inr",
}

// currencySymbols start an amount: "$20", "€15".
var currencySymbols = map[string]string{"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}

// zeroDecimal are the currencies whose smallest unit is the unit itself.
var zeroDecimal = map[string]bool{"jpy": true}

// amountAt reads token i as an amount said with its currency: "$12.50",
// "€15", "49.99 euros", "EUR 15", "twenty bucks". curTok is the currency's own token, or
// -1 when a symbol wrote it.
func (f *filler) amountAt(i int) (n float64, cur string, curTok int, ok bool) {
	t := f.u.toks[i]
	if f.u.used[i] || t.quoted {
		return 0, "", -1, false
	}
	raw := t.raw
	curTok = -1
	for sym, c := range currencySymbols {
		if strings.HasPrefix(raw, sym) {
			raw, cur = strings.TrimPrefix(raw, sym), c
		}
	}
	n, isNum := asNumber(raw)
	if w, ok := english.NumberWord(t.lower); ok && cur == "" && !isNum && i+1 < len(f.u.toks) && !f.u.toks[i+1].quoted {
		// "twenty bucks", "fifty euros": a number in words is an
		// amount only with the currency's word right after it.
		if c := currencies[f.u.toks[i+1].lower]; c != "" {
			return float64(w), c, i + 1, true
		}
	}
	if !isNum {
		return 0, "", -1, false
	}
	if cur == "" && i+1 < len(f.u.toks) && !f.u.toks[i+1].quoted {
		cur, curTok = currencies[f.u.toks[i+1].lower], i+1
	}
	if cur == "" && i > 0 && !f.u.toks[i-1].quoted && len(f.u.toks[i-1].lower) == 3 {
		cur, curTok = currencies[f.u.toks[i-1].lower], i-1
	}
	return n, cur, curTok, cur != ""
}

// currencyCode reports whether p takes a currency's code: a string named
// currency or currency_code whose description says ISO, or that has
// none (a shortened definition that kept only the name).
func currencyCode(p *param) bool {
	if p.scalarType() != "string" || p.array {
		return false
	}
	named := strings.EqualFold(p.key, "currency") || strings.Join(p.words, "_") == "currency_code"
	return named && (strings.Contains(strings.ToLower(p.desc), "iso") || strings.TrimSpace(p.desc) == "")
}

// minorUnits reports whether the integer argument p, named for an amount,
// counts in the currency's smallest unit by its description ("in the
// smallest denomination of the currency", "in cents", "lowest denominated
// value").
func minorUnits(p *param) bool {
	d := strings.ToLower(p.desc)
	return strings.Contains(d, "smallest") || strings.Contains(d, "lowest denominat") || strings.Contains(d, "cents") ||
		strings.Contains(d, "minor unit")
}

// money reads an amount said with its currency ("49.99 euros", "$20",
// "EUR 15"). Its currency goes into the string argument named currency
// (or currency_code) whose description says it takes an ISO code or that
// has no description, as the code ("eur"), in the case the description
// asks for ("in lowercase"; upper case otherwise) or as the enum spells
// it; a currency said with no amount, or an argument that does not say
// ISO, gets nothing (the first such argument of the tool). The amount
// goes into the tool's first empty integer argument named amount in the currency's smallest unit (12.50 dollars is 1250)
// when it has cents, which an integer cannot hold, or when the
// argument's description says it counts in the smallest unit; a yen is
// its own smallest unit.
func (f *filler) money() {
	var code, amount *param
	for _, p := range f.tool.params {
		if code == nil && currencyCode(p) && !f.has(p) {
			code = p
		}
		if amount == nil && p.scalarType() == "integer" && !p.array && len(p.numEnum) == 0 && len(p.words) > 0 &&
			p.words[len(p.words)-1] == "amount" && !f.has(p) {
			amount = p
		}
	}
	if code == nil && amount == nil {
		return
	}
	for i := range f.u.toks {
		n, cur, curTok, ok := f.amountAt(i)
		if !ok {
			continue
		}
		if amount != nil && (n != math.Trunc(n) || minorUnits(amount)) {
			if !zeroDecimal[cur] {
				n = math.Round(n * 100)
			}
			if f.set(amount, number(amount, n)) {
				f.u.used[i] = true
				f.notes = append(f.notes, fmt.Sprintf("%s %v: the amount in the currency's smallest unit", amount.name, n))
			}
		}
		if code == nil {
			return
		}
		v := strings.ToUpper(cur)
		if desc := strings.ToLower(code.desc); strings.Contains(desc, "lowercase") || strings.Contains(desc, "lower case") {
			v = cur
		}
		if len(code.enum) > 0 {
			at := slices.IndexFunc(code.enum, func(e string) bool { return strings.EqualFold(e, cur) })
			if at < 0 {
				return
			}
			v = code.enum[at]
		}
		if f.set(code, v) && curTok >= 0 {
			f.u.used[curTok] = true
		}
		return
	}
}
