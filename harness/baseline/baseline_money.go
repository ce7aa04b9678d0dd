package baseline

import (
	"slices"
	"strings"
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

// money reads the currency of an amount said with one ("49.99 euros",
// "$20", "EUR 15") into the string argument named currency whose
// description says it takes an ISO code, as the code ("eur"), in the
// case the description asks for ("in lowercase"; upper case otherwise)
// or as the enum spells it. A currency said with no amount, or an
// argument that does not say ISO, gets nothing.
func (f *filler) money() {
	var code *param
	for _, p := range f.tool.params {
		if p.scalarType() == "string" && !p.array && strings.EqualFold(p.key, "currency") &&
			strings.Contains(strings.ToLower(p.desc), "iso") && !f.has(p) {
			code = p
			break
		}
	}
	if code == nil {
		return
	}
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		raw, cur, curTok := t.raw, "", -1
		for sym, c := range currencySymbols {
			if strings.HasPrefix(raw, sym) {
				raw, cur = strings.TrimPrefix(raw, sym), c
			}
		}
		if _, ok := asNumber(raw); !ok {
			continue
		}
		if cur == "" && i+1 < len(f.u.toks) && !f.u.toks[i+1].quoted {
			cur, curTok = currencies[f.u.toks[i+1].lower], i+1
		}
		if cur == "" && i > 0 && !f.u.toks[i-1].quoted && len(f.u.toks[i-1].lower) == 3 {
			cur, curTok = currencies[f.u.toks[i-1].lower], i-1
		}
		if cur == "" {
			continue
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
