package retrieve

import (
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// synonymGroups are words that name the same thing in API vocabulary, as
// any model knows them: a request says "bill", the tool says "invoice".
// The list is general English and common product vocabulary, not drawn
// from any one API's test requests.
var synonymGroups = []string{
	"issue ticket bug",
	"pull pr",
	"repo repository",
	"org organization organisation company",
	"user member person people",
	"team group squad",
	"workspace team",
	"channel conversation room",
	"dm im",
	"message msg post",
	"comment note remark",
	"invoice bill",
	"customer client tenant",
	"subnet prefix",
	"refund reimbursement",
	"song track tune",
	"band artist singer musician",
	"record album",
	"favorite favourite star starred bookmark",
	"follow watch subscribe",
	"follower watcher subscriber",
	"delete remove",
	"tag label",
	"doc document file",
	"pic picture image photo",
	"folder directory",
	"job run build",
	"task todo",
	"event meeting appointment",
	"mail email",
	"phone mobile",
	"setting preference config configuration option",
	"role permission",
	"module component",
	"release version",
	"note memo",
	"employee staff worker",
	"order purchase",
	"price cost",
	"discount coupon promotion promo",
	"trash bin recycle",
	"version revision",
	"panelist speaker presenter",
	"assistant delegate",
	"user employee",
	"link bookmark",
	"deploy deployment",
	"env environment",
	"prod production",
	"var variable",
	"activity action event",
	"resume continue",
	"latest recent recently newest",
	"watch play",
	"storage usage quota",
	"copy duplicate clone replicate",
	"diff compare comparison",
	"server instance vm",
	"login signin logon",
	"logout signout logoff",
	"someone anyone somebody anybody everyone everybody user",
}

// synonyms maps a stem to the stems of the words that mean the same.
var synonyms = map[string][]string{}

func init() {
	for _, g := range synonymGroups {
		ws := strings.Fields(g)
		for _, a := range ws {
			for _, b := range ws {
				if a != b {
					sa, sb := english.Stem(a), english.Stem(b)
					synonyms[sa] = append(synonyms[sa], sb)
				}
			}
		}
	}
}

// Synonyms returns the stems of the words that mean what the word with
// stem st means ("bill": invoice), nil when the list has none.
func Synonyms(st string) []string { return synonyms[st] }

// phrasalWords are the words a verb and its particle mean together,
// which Tokens reads apart and then drops the particle of (a stop
// word): "sign me out" and "log them off" log out. The verb's forms
// are listed; the particle follows it right away or after one pronoun
// ("log me out"). "Logged in" is left alone: "who am I logged in as"
// asks for the current user, not for logins.
var phrasalWords = map[string]map[string]string{
	"sign":    {"out": "logout", "off": "logout"},
	"signed":  {"out": "logout", "off": "logout"},
	"signing": {"out": "logout", "off": "logout"},
	"log":     {"out": "logout", "off": "logout"},
	"logged":  {"out": "logout", "off": "logout"},
	"logging": {"out": "logout", "off": "logout"},
}

// pronouns may stand between a phrasal verb and its particle.
var pronouns = wordSet(`me you him her it us them everyone everybody`)

// phraseTokens are the stems of the words the phrasal verbs of query
// mean (see phrasalWords), in the order said.
func phraseTokens(query string) []string {
	ws := Words(query)
	var out []string
	for i, w := range ws {
		ps := phrasalWords[w]
		if ps == nil {
			continue
		}
		j := i + 1
		if j < len(ws) && pronouns[ws[j]] {
			j++
		}
		if j < len(ws) && ps[ws[j]] != "" {
			out = append(out, english.Stem(ps[ws[j]]))
		}
	}
	return out
}
