// Package baseline is agentready's offline agent model ("--model
// baseline", the default): it reads what a model reads and calls tools
// deterministically, so that tests run without a network or a key. Model's
// doc comment says exactly what it does.
package baseline

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/chat"
	"github.com/agentready/agentready/harness/retrieve"
)

// Model is the baseline: an offline, deterministic agent model, a fair
// stand-in for an LLM when none is at hand, so that the whole test loop
// runs anywhere and its numbers mean something.
//
// It reads only what a real model reads: the conversation and the tool
// definitions given through WithTools (names, descriptions, parameter
// schemas, the fields of object arguments such as a request body), never
// the test case. It was developed against requests written by hand by
// operators (harness/eval/testdata/suites, the dev half), not against the
// utterances agentready generates. On a user message it
//
//  1. picks a tool. BM25F (harness/retrieve) over each tool's definition
//     finds candidates ("get rid of" searched as delete, its words
//     counting for no tool's name), weighing it as a model reads it: the name first,
//     then the description, the arguments' names and descriptions least,
//     and leaving out what a description says of other tools ("Find it
//     with listUsers", "(see listTeams)", their names); a request's word
//     also searches for its synonyms (retrieve.Synonyms: "bill" for
//     invoice, "recently" for latest, "duplicate" for replicate) only when no
//     tool's name or first sentence uses the word itself, and, at half a
//     synonym's weight, for the words the learned lexicon pairs with it
//     when no tool's name uses it; a verb and its particle are searched
//     as the word they make ("sign me out" as logout). A reader then prefers the tool whose name says
//     what the request says: the action (the first verb in its base form
//     in a clause: "show", "list" and "get" read, "open" and "create"
//     create, "kill" cancels (and a tool that deletes does it when no
//     tool's name says cancel: "cancel override 23997" is the DELETE of
//     it), "revoke", "prune" and "kick" delete, "inspect" reads,
//     "restore" and "recover" restore; actions with a verb of their own
//     are said by their synonyms too: "freeze" and "suspend" pause,
//     "resume" and "unfreeze" unpause, "unplug" and "detach" disconnect,
//     "exec" executes ("run" and "expand" are left out: they name
//     things as often, workflow runs and expanded fields), "grow" and "shrink" resize, "rerun"
//     retries, "clone" and "duplicate" copy, "upvote" votes; a verb of
//     two words around its object at the start says its action ("take
//     the watermark off X", "take contact X out of group Y", "tear X
//     down" and "throw X away" delete, a value written in several words counting as one, "hook X up"
//     connects, "shut X down" cancels, "get X back" restores; "stop" and the
//     gerund of a verb that follows, "stop watching issue 12", unfollows,
//     which a tool that deletes (the watch) does; "stop" and a gerund
//     anywhere, an undoing verb (undo, reverse, revert, retract,
//     withdraw) or "take back", with the action's word within four
//     words of the clause, ask for the tool whose name undoes that action
//     in one word, un and the action ("stop muting X": accountUnmute,
//     "undo the retweet", "take back my like on X"), as if the request
//     said that word, which deletes unless the table knows it (unfollow):
//     without it the tool that does the action, whose name says the
//     request's word, won), "comment" creates or comments; "closed
//     issues" orders nothing and reads, and so does a verb right after
//     a preposition: "comments on file 987654", or after a determiner
//     other than "a" and "an": "images we uploaded to the file manager", and "open" before a
//     plural: "open issues", "open pull requests", and a verb that is
//     its own participle after the plural a clause starts with:
//     "webhooks set up on org X"; a first word it does not know that is
//     the noun of names that put the verb last creates when one such name
//     ends in a verb that creates: "pin message X" with pins_add,
//     pins_list and pins_remove adds a pin, and "unpin" deletes and
//     searches as "pin"; English knows more verbs than the table: a verb
//     the request starts with, as WordNet lists it (harness/lexicon's
//     verbs.txt: synonyms and direct hypernyms of its one or two most
//     frequent senses), read as one with its particle where WordNet lists
//     the two ("kick off", "tear down", "shut down"), takes the class of
//     the first of those words the table knows ("kick off" starts:
//     creates; "void" cancels) when the table gives the request no verb,
//     or its phrasal verb overrides a first word that does not read
//     ("kick" deletes); "mark X as Y" with a verb the table does not
//     know updates; a verb of change neither the table nor WordNet
//     gives a class ("deactivate user 4412", "reboot db-primary",
//     "email invoice X to the customer") changes something, so a tool
//     that reads one thing, or deletes, loses as much as for any other
//     change (a list keeps its place: "deactivate promo code SPRING25"
//     looks the code up first), unless a plural follows it ("deploy
//     keys", "quote tweets": a noun phrase);
//     a word English uses mostly as a noun ("branch
//     protection rules") and a participle before a plural ("unsubscribed
//     people on list X") start a noun phrase, which reads; acronyms'
//     plurals are one word ("open PRs": open before a plural))
//     against the tool's verb (or its description's first word when the
//     name only says POST; a question, one that ends with a question
//     mark or starts with a question word, reads, and a tool whose verb
//     changes something then loses as much as one that deletes does for
//     any read, unless its name ends in a plural noun, what it reads:
//     ContainerChanges), or a verb it does not know ("skip to the
//     next track", "lock deploy 5f3a"), or when no tool's name says it
//     one of its WordNet synonyms and hypernyms the table does not know
//     ("kick off monitor X": startMonitor), against the first word of the
//     name (skip-users-playback-to-next-track, lockDeploy), the last
//     word of a name that starts with the HTTP method and so reads as a
//     path (postCampaignsIdActionsUnschedule, a POST on .../forks for
//     "fork acme/webapp"; not the method and one word: "campaign 4471"
//     is no verb of POST_campaigns), or the first word of its description ("Approve
//     a pull request." where the name is cut short); when a tool says that
//     verb, the request does not read for want of a verb the table knows;
//     a tool whose description starts with a verb of the request's action
//     does it when no tool's name says that action, whatever its name's
//     verb ("cancel run R of task T": DeleteTasksIDRunsID, "Cancel a
//     running task.", not the run's GetTasksIDRunsID);
//     a tool one of whose required arguments lists the request's verb
//     among its values (its first word) does what the request asks,
//     whatever its name's verb ("pause session X": SendPlaystateCommand,
//     whose command is one of Stop, Pause, Unpause; "pin topic 5521":
//     the status pinned_globally), but not by a word the table does not
//     know that some tool's name says ("branch protection rules" names
//     branches, whatever kinds a restriction takes);
//     a verb of the request said after the HTTP method that starts a name
//     counts as said (postListsIdMembersHashActionsDeletePermanent for
//     "delete"), and so does one said as the state it brings about, the
//     last word of a name in its past participle, which also does what
//     the request asks ("resolve comment X": markScoreCommentResolved,
//     not updateScoreComment); a name whose first word the table does not know, that
//     starts no other name and that its description's first sentence
//     does not say, while that sentence starts with a verb the table
//     knows (previewASegment, "List segments"), is read with that
//     sentence: its first word is its verb, and the sentence says the
//     number; the number
//     of things asked for against the number the name acts on (its
//     listing verb, or the noun after its verb: getTask one,
//     getStoriesForTask many; a path's name ending in an id acts on one
//     of the thing before it, getListsIdSegmentsId one segment, and a
//     listing word after the name's verb is a noun of the path, not its
//     verb), the request saying the name's noun in
//     the same number counting for the tool ("action 123456" is one:
//     getActionsId) and in the other against it ("project OPS" is not
//     getAllProjects), else a plural object, "how many", "all" or
//     "every" counting against a tool of one and "a bug" against a bulk
//     createIssues, and so does a verb's object that is one value alone
//     ("delete 3c2b1a09-... from the library": DeleteItem, not
//     DeleteItems; "delete X and Y" says no number); a request that asks how many ("how many", "the number of",
//     "count") says count, and a tool whose name says count (or counts)
//     gains twice what a verb that says the request's action gains ("how
//     many users": getUsersCount, not getUsers; "how many tasks are in
//     project X": getTaskCountsForProject), and a request that reads
//     without asking how many counts against such a tool ("users
//     matching smith": getRealmUsers, not getRealmUsersCount); and the
//     name's other words
//     in the request, in
//     any form ("remind" for reminders, the agent noun of its verb,
//     also searched for: "who owns bucket X" says Owners, a compound ending in it:
//     "webhooks" for hooks, "my" for the current user's
//     when another name word says what is asked, a
//     synonym from a short list of API vocabulary: "bill" for invoice,
//     the clipped words people type: "deploy" for deployment, "env"
//     for environment, "repo" for repository, "PR" for pull), a tool's
//     word of the same family when no tool uses the request's word
//     itself ("sort" for sortable, "healthy" for health, "create" for
//     creation: the endings able, ible, y, ion, ation, ment, al, ity,
//     ness),
//     and, at half a synonym's weight, a word a learned lexicon pairs
//     with a word of the request that no tool's name or first sentence
//     uses and that is no word of conversation ("podcast" for episodes:
//     package lexicon, word associations learned from the operations of
//     the public API directory, less the APIs of the evaluation suites),
//     counting a word most of the tools' names share (ipam, dcim, or
//     "user" among a search's neighbours of a user request) half said
//     when the request does not say it; each
//     name word the request does not say counts against the tool (a
//     qualifier such as Preview or Paginated, a namespace such as
//     admin_), so the tool that says no more than the request wins, and
//     one more when, after the name's verb, such a word (no verb) comes
//     right before a word the request says: chat_deleteScheduledMessage
//     qualifies the message of "delete message X" (a verb written as a
//     participle there qualifies like any adjective: the Connected of
//     listOriginalConnectedChannelInfo; a word most names share
//     qualifies nothing, even once an argument filled from the request
//     stands for it: the Workspace of
//     getRepositoriesWorkspaceRepoSlugDefaultReviewers for "default
//     reviewers of acme/webapp"). A name that ends with
//     its verb (chat_delete, pins_add) is read with what its description's
//     first sentence says it acts on ("Deletes a message."), those words
//     counting only when the request says them.
//     Finally it fills the best eight, as a model does before calling,
//     and prefers the tool that takes what the request gives: each
//     required argument it cannot fill counts against it, and so does
//     each thing the request names that it has nowhere to put (an
//     identifier, an owner/name pair, an email: "issues in acme/webapp"
//     is not the tool without a repo), and so does a value it would
//     take in an argument named for a thing (idList, team_id; a name
//     that starts with id names its thing after it, as list_id does; a
//     bare id of a tool named after its path is the thing of the name's
//     word before it: the client's in getRealmClientsIdUserSessions, so
//     "sessions of user X" is no call of it)
//     while the word right before the value is the noun of another thing
//     some tool's argument identifies, neither it nor the word before it
//     names the argument's thing, and no argument of the tool identifies
//     that thing ("show card Xq3pL9aB" is not getListsCardsByIdList with
//     the card in idList: the value counts as neither taken nor
//     filled; "recording file rec-5b" is a recording's, and "telegraf
//     config G1" a telegraf's when no argument identifies a config, but
//     not "scopes of X"), each value of
//     the request (identifier, number, quoted text) it takes for it, an
//     id said after the tool's own noun ("VLAN 300") or written like the
//     example's for it; a name word an argument it filled stands for, or
//     of that argument's words' family, counts as said (repo_slug says
//     Repositories: "deploy key 7 on acme/webapp" is the repository's). A required identifier the request gives only by
//     name or place ("the members of team Service Desk") counts as given
//     when its description names a tool that finds it, and so does one
//     named by quoted text before its noun ("close the 'v2.0'
//     milestone": milestone_number, or the id of a tool whose name ends
//     in milestone) when a read tool lists those things; quoted words
//     with a space there ("delete the 'QA bot' token") are that thing's
//     name, never its id or key. A question that
//     says nothing but a question word, filler and values asks for what
//     its words mean: "who is U061F7AUR" is searched and read as saying
//     user, "who's in C024BE91L" as saying member, "is U061F7AUR online"
//     (away, offline, idle, around) as saying presence. A phrasing
//     names a thing without its word, read as a synonym of it: "what's in
//     folder 12345" says items and contents, "who has access to (can
//     see, open, edit) folder 12345" collaborators, permissions,
//     members and shares, "who has role r-2" members, "who's on board X" (in
//     workspace X) members, "who signed up
//     for webinar 855" registrants, "what got billed on invoice 55102"
//     (was bought, charged, ordered, paid in X) items and lines,
//     "who am I" the current user; and a word no tool uses, written as
//     two that tools do, says both ("blocklist": listBlockedList).
//     A value written with 's ("set 09c4e1b7's password") names
//     someone else's thing: a tool whose name says the caller (Me,
//     Current, Authenticated, Self: PutMePassword) counts against it
//     as much as a delete nobody asked for, unless the request also
//     says my or I; "who am I" asks for the caller, and such a tool
//     gains as much (GetMe, whose name says nothing else, not GetUsers).
//     The words right after such a value, up to three, say what the
//     request asks for of the thing the value names, the last of them
//     its noun ("artist X's most popular songs": songs): a tool whose
//     name (with what its description says it acts on) does not say it,
//     itself or by a synonym (tracks), loses as much ("channel 927's
//     tags": get_channel_tags, not get_channel).
//     Who acts on whom: the request's grammar says which side of a verb
//     it asks for, the doers when "who", "that" or "which" comes right
//     before the verb written finite ("who follows X", "users who liked
//     tweet T"), what they do it to when a value or a pronoun comes
//     right before it ("who does X follow", "accounts X follows") or
//     when it is a participle before "by" ("tweets liked by X"); a tool
//     whose name says the verb from the other side loses
//     directionWeight (the agent noun or a present participle before a
//     noun name the doers: Followers, LikingUsers; a past participle
//     before its noun (not one that ends the name: Unsubscribed),
//     or a gerund that ends the name, what is done to: LikedTweets,
//     usersIdFollowing), and a name that says it as a participle from
//     the side asked for reads, whatever action its word would order
//     (the Following of usersIdFollowing orders no following).
//     Twins, a name and the same name with a numbered ending (alt1, V2,
//     _2: get_videos and get_videos_alt1, one operation on /users/{id}
//     and on /me), are one name to a reader, who reads no word in the
//     ending: the search finds them alike, neither the cover nor the
//     number of things reads the ending, and what they take tells them
//     apart ("my videos" is the twin that needs no user). Tools that
//     share a description (less its example) and whose names differ
//     only in identifier words ("id", the words of their own argument
//     names) are alike to the search too; names that differ in another
//     word (a version: Kubernetes' V1 and V1beta1) keep the scores the
//     search gave them, since that word says which one is meant. Of
//     twins by description, each identifier the request gives that one
//     requires and its twin does not counts for it as much as a
//     required argument left empty costs ("ssh keys of user 4412" is
//     the /users/{user_id}/public_keys twin, not /user/public_keys with
//     an optional user_id); the identifier word of an argument a tool
//     filled (the Id of GetUsersUserIdPublicKeys, of
//     getV3ProjectsIdIssues) is said with it, no qualifier of what
//     follows. A tool that would put a value alone into an optional
//     list of identifiers (ids: [88231]) loses 0.3 when another of the
//     eight requires that value as the one identifier it takes: one
//     thing named by its id asks for the tool that takes that thing,
//     not a filter of many (get_dag_runs for etl_daily's runs, not
//     get_dag_runs_batch with dag_ids [etl_daily]). A request
//     that orders nothing but says a state must end, a negated modal
//     (shouldn't, should not, can't) with "anymore" (any more, any
//     longer), or "no longer", removes it ("0b7e... shouldn't be an
//     owner of org 5e8d... anymore": DeleteOrgsIDOwnersID), and a verb
//     after such a modal orders nothing ("user X should not see video Y
//     any more" is no read).
//     When no tool shares a word with the request but the request gives
//     an identifier and it was given at most twenty tools, it weighs
//     every one by the values it takes, as above ("show me PAY-142":
//     getIssue, whose example key is PROJ-12), and calls the best only
//     when it takes an identifier of the request. When no tool
//     shares a word with the request and none can look a name up, it
//     answers without a call;
//  2. fills the arguments, surest first, each value used once, a word
//     that switches a setting (on, off, away, enable, disable, ...)
//     never a value of a string enum that does not list it ("switch mp4
//     support off" gives mp4_support, standard or none, no "off"; other
//     words are sent as said, "role: administrator", for an error's
//     suggestions to repair) (quoted
//     text right after the noun of the thing a tool creates, or after
//     "called" or "named", is its name or title: "new task 'Renew SSL
//     cert'" names the task, it writes no notes; quoted
//     text followed by a noun names that thing: "the 'backend' team" is
//     no title, nor an org's name when org's name and description do not
//     say team; an enum value is not taken from words said as the
//     values of an argument that takes free text or a list: right after
//     its name, after its name and "to" or "as", or ending a list after
//     it ("tagged laptop and hardware" are tags, not a hardware
//     category; "set the tags to security"), nor from the verb that
//     orders a thing made, right before its noun ("new task 'X'" sets no
//     status "new"; "mark it as open" sets one), nor from a word inside a
//     file's name or path ("download reports/q3.pdf" is a path, no
//     preview_size pdf); a free-text string
//     argument the request calls empty or
//     blank, right before or after its name, is "": "with an empty
//     description"; the one quoted text of several words no other
//     argument took, when no determiner names a thing with it (never the
//     verb the request starts with: "resolve comment X" gives the
//     comment's text nothing, nor is "resolve" a name before "comment";
//     nor the frame of an order, a verb, whom it is for and "to": "remind
//     me to submit expenses" says "submit expenses"), goes to
//     the tool's one free-text string argument left, not an identifier
//     nor a page's cursor: "close TCK-1526 as workaround, noting
//     “Sorted, thanks”" for a resolution note); a country named after
//     a place word ("in the UK", "for canada"; CLDR's English names and
//     the short forms people type) goes, as its ISO 3166 code, to an
//     argument whose name or description speaks of a country and that
//     takes two-letter codes (an enum of them, an example, or a
//     description that says so: country_codes, Spotify's market), when
//     its enum lists the code: values
//     whose form says what they are (UUIDs, emails, dates and date-times,
//     also "1 March 2026 at 09:15 UTC" and "at 5pm", "5:30 p.m.",
//     "noon", as the seconds since 1970 for an argument whose
//     description says Unix timestamp, epoch or seconds since, and a month and day whose year
//     only the range's end writes: "between June 1 and June 15 2024"
//     starts on 2024-06-01, "from December 20 to January 5 2025" in
//     2024; identifiers with a distinctive
//     pattern such as TCK-1042 (a day alone, with no time, goes to the
//     date whose name and description say no time before one that does:
//     "due 2026-12-01" to due_on, "localized date ... due", not due_at,
//     "date and time ... due"; a date, a date-time, an email, a UUID,
//     a URI or an IP address takes no value its description seems to
//     list: "the date this task is due, or null" lists no "due"); a
//     date also for a string argument without
//     a format whose description says YYYY-MM-DD or starts with the word
//     date ("date, or null"), whose example's value
//     is a date (a date-time when the example's value is one: "until
//     March 1st 2027" for a suspend_until shown as 2025-10-15T13:51:02Z;
//     also when its description names a timestamp's format, RFC 3339 or
//     ISO 8601, and no duration: "beginning of reporting period, in RFC
//     3339 format"; and when nothing describes it at all and its name
//     ends in "at" after a word of when or a participle, afterEnqueuedAt,
//     created_at), or, at the top level, whose name ends in date, is date and a
//     bound (dateFrom, date_to), or is
//     since, until, before or after with a description that says date
//     ("Only commits after or in this date"), "since"
//     and "from" before it saying start_date, "until" and "to" end_date,
//     and, between two bounds of the same end, "since", "from",
//     "through", "on or after" and "up to and including" saying the one
//     that takes the date itself (created_at.on_or_after, gte), "after"
//     and "before" alone the strict one (created_at.after, lt);
//     a month with its year and no day ("profit and loss for March
//     2025"), or a year alone after "in" or "during" ("payments during
//     2024"), as its first and last day for a tool's one pair of empty
//     dates named from/start/begin/since and to/end/until (date-times
//     from the first day's midnight to the last day's 23:59:59); a year
//     ("1099 report for 2024") for the one argument whose name says year;
//     a key=value pair after "label(led)" or "field" ("pods labelled
//     app=checkout", "nodes with label role=worker") for the one string
//     argument whose name says that word and selector (labelSelector);
//     an IP address for an argument named ip or ip_address or formatted
//     as one; a URL, a network in CIDR notation, an IP address or an
//     E.164 phone number, by its form, for the one empty argument that
//     takes that kind (its format, its example's value, a word of its
//     name: url, origin, webhook, subnet, cidr, gateway, target,
//     phone, to, from; or its description: URL, CIDR, subnet, IP
//     address, E.164), else for the one of them the words right
//     before it name, and for an identifier only when its name ends
//     in number or uri (phone_number; webhookId is no URL): "direct
//     upload from https://app.example.com" fills cors_origin, "a route
//     for 10.20.0.0/16" the subnet; a domain name ("acme.dev", not "README.md") for an
//     argument formatted as a hostname or named domain, hostname or
//     fqdn, or for the required name of a tool whose name says domain
//     (checkDomainStatus) when no other argument says domain; an email for an argument named for one, else one whose
//     description speaks of an email and whose name says a person or an
//     identifier ("The user ID or email address"), and the request's one
//     address for every required argument named email, as a tool that
//     takes it in its path and its query gets it twice, else for the
//     tool's one required login (a username or an address); a person's
//     full name (the request's one run of exactly two capitalized words,
//     not its first word, no month or day: "new customer: Ana Souza")
//     split over the tool's one pair of fields of one object named
//     given_name and family_name (first_name and last_name, firstName,
//     surname); a file's
//     name ("banner.png", "site-2026-01-02.tar.gz": an extension files
//     have, no path) for the one argument named for a file's name
//     (filename, file_name); a path in a file tree (names joined by
//     slashes, "contracts/Q3-report.pdf", "Clients/Acme", or a file's
//     name; no URL, email or date) for the one argument named path
//     (file_path, folder_path), the one said after "to" or "into" for
//     the one whose name says destination or target and whose
//     description says path (or that has none, beside an argument named
//     path: "copy a.docx into legal/a.docx"), and a folder named by one
//     plain word between "the" and "folder" ("the Marketing folder") as
//     that path; a UUID first
//     to the argument whose name is said right before it, and never to
//     one when the word right before it is a word of another argument's
//     name and names nothing of this one's: "tenant 9a8b..." is the
//     tenant's, not one of the invoice IDs a filter takes, "out of group
//     1d3f..." the group's, not the contact's); accepted enum values mentioned, by their
//     words ("in stock" for in_stock) in any form of a one-word value
//     ("failed" for failure, "successful" for success), by a word that
//     means the same for a one-word enum value that names no state and
//     where the word names none of the things the tool lists ("the
//     dashboards I've starred" for favourite; "builds" says no
//     running), or by what the description says
//     one means, also of values it lists without an enum
//     ("short_term (approximately last 4 weeks)" for "the
//     last 4 weeks", "30 => Developer" for "as a developer": two of the
//     gloss's words in a row, or all of a gloss of one or two), also
//     of an integer's code table of two entries or more ("1=month,
//     3=quarter, 12=year": "by quarter" is 3, and "yearly" 12, a gloss's
//     word said with -ly), or by the period's noun of a value written
//     with -ly ("this week" for weekly, "top topics of the month" for
//     monthly; not a counted length, "the last 3 months"), or
//     clipped, as people shorten a long word ("prod" for production: a
//     word of four letters or more, no verb, that starts the value and
//     that the value runs on past by three letters or more); quoted text, for text arguments or
//     one named just before (after "saying" or "says", the tool's one
//     message argument: text, body, message, comment or content),
//     never for one whose description lists
//     other values ("search for 'outage'" is no sort of score or
//     timestamp), nor for one whose name the request says before
//     another value ("create project 'Mobile App' with key mobile-app"
//     is no key); "owner/name" split over owner and repo, unless
//     the request says either by its name with a plain value ("in repo
//     checkout in owner mona") or the word before the pair names
//     another argument ("on branch release/2.4");
//     identifiers (OPS-311, cus_NffrFeUfNV2Hib, C024BE91L, long numbers,
//     names joined by underscores as code writes them, etl_daily or
//     load_orders, but not a field's name ending in id, order_id;
//     the argument's name said right before them or one word before (or
//     only its last word when that says the kind of key and no other
//     argument's name ends in it: "key vo-7Kq2mZ4d" for X-VO-Api-Key
//     beside X-VO-Api-Id),
//     "pull request 402", unless that word names another argument:
//     "purchase orders (tenant e2a4...)" is the tenant's, no order;
//     and short numbers right after the argument's name: "issue 88", not
//     one said as a count of its things ("the last 5 builds", "10 most
//     recent builds": an ordering word before it, or the plural of the
//     argument's noun within three words after it), which gives no
//     identifier at all, or written as the example writes the value right
//     after the noun the tool's name puts before the argument's words
//     ("override 23997" for publicId of ...OverridesPublicId, whose
//     example is "23997"), not one that ends a name in title case, "milestone Sprint 9", nor one
//     near a word said only inside another identifier ("first 10
//     transactions on account_in71c4amph0vgo2qllky": 10 is no account), the
//     name's last word said clipped: "deploy dpl_7Hx2" for deploymentId), by
//     the words around them, the shape of the example's value, or a
//     type prefix that starts the argument's name (cus_ for customer;
//     a prefix is followed by what a machine made, digits or capitals,
//     so load_orders has none; a whole word before the first dash of a
//     machine-made token, "access-sandbox-5cd6e1b1-..." for access_token,
//     counts as the word said before it, even for an argument whose
//     name says no identifier; a moment in seconds since 1970 with its
//     fraction, "1700000000.000200", goes to an argument named ts or
//     timestamp),
//     to the arguments that take identifiers (a name ending in id, key,
//     number, slug, uuid or uid: "rename monitor 1e88... to Nightly"
//     fills monitor_uid, not the monitor's new name),
//     or writes one of its words short, keeping its first letter and
//     others in order (dpl_ for deployment, prj_ for project; never for
//     an argument named for another thing), or a type initial,
//     one capital and a digit starting capitals and digits, that starts
//     the argument's first word (U061F7AUR for user, C024BE91L for
//     channel, not for a cursor; it rules an argument out only when
//     another argument's first word starts with it, U024BE7LH for users
//     beside channel, as a channel's id may start with C, G or D), and never to an
//     argument that the noun said right before the value does not name
//     in its name or description ("every pod on node worker-3" is no
//     namespace); two bare identifiers joined by "in", "of", "on" or
//     "from" go the first to the inner argument, the one later in the
//     tool's list of identifiers (its path's order), the second to the
//     outer ("load_orders in etl_daily": the task, then its job); a list
//     of them for an ids argument, and a plain word after the name for the
//     argument without "id" ("site ams1" is site, not site_id); for a
//     required top-level "name" of a tool that does not create (how
//     Kubernetes identifies objects), the name said right after the
//     object's noun in the tool's name (its first or last noun, past an
//     API or version segment, a format suffix and a trailing id:
//     deleteSshKeysId acts on SSH keys, getApiV1StatusesId on statuses)
//     or "the specified X" of its
//     description ("pod web-7f9c", "configmap app-settings"), or the one
//     word between "the" and that noun ("the checkout service"), never
//     the request's leftover words; values a
//     description lists ("Either auto or away", "Recognized values are
//     open, closed and all", "Enum: all, yearly, monthly", "Can be: low,
//     medium, high, critical", quoted words in
//     a row, "['overdue', 'today']", constants in parentheses, "(SENT or
//     FAILED)") as an enum's, and no identifier for an
//     argument whose description says it takes one of those it lists
//     ("One of: all, closed, none or open", "all or a comma-separated
//     list of: ...", " true or false": "cards in list 60d5..." gives no
//     value to a list flag); the currency of an amount
//     ("49.99 euros", "$20") as the ISO code for an argument named
//     currency (or currency_code) whose description says ISO or that has
//     none, lower case when it says so, and the amount itself for the
//     tool's first integer argument named amount in the currency's
//     smallest unit ("$12.50" is 1250, "twenty bucks" 2000: a number
//     word with its currency's word right after; a yen is its own) when it has
//     cents, which an integer cannot hold, or when the argument's
//     description says it counts in cents or the smallest unit; "newest
//     first" (or "newest to oldest"; "oldest to newest" as "oldest
//     first") for a direction (also for an argument named order or
//     direction that lists no values but whose description writes one of
//     ASC and DESC, "Default value: ASC": the other is written alike),
//     and then for the sort argument the time field among its values
//     ("sorted by either score or timestamp") that the phrase names
//     ("most recently modified first": modified_time), else the only
//     one, else the only one that says when a thing was made ("newest
//     first" is date or created_at, not modified_time), that time field
//     also where no argument takes the direction as a value ("newest
//     created first" with sort_by and a sort_ascending switch); "oldest first"
//     as true for a flag named asc that takes only true (desc for
//     "newest first"); "newest first" as the value of a sort enum that
//     says field and way at once (recency beside relevancy, date_desc);
//     "sorted by last activity" as the sort enum's value whose words it
//     says (last_activity_at, "last update": updated_at); or for a sort enum that writes descending
//     with a minus ("-created", the field the order phrase names:
//     "earliest updated first" is updated_at, "highest priority first"
//     -priority, else the time field the request names), and "sorted by
//     name descending" (or "latest release date first") as that enum's
//     -name (-releaseDate) when the field is already taken; "sorted by name" as name
//     for the one sort argument that takes free text (no values listed),
//     never a question word ("sorted by when they signed up" names no
//     field); an alphabetical order ("A-Z", "A to Z", "alphabetically"
//     ascending, "Z-A" and "reverse alphabetical" descending) as the
//     direction, and name (or title) for the sort argument that lists it
//     when the request names no field, never as a name to filter by;
//     "25%" for a percentage; an enum of a setting's off value (none,
//     off, disabled) and one other switched by a word of its name said,
//     in its clause and at most three words away, with "on" or "enable"
//     (the other: "turn on mp4 downloads" is standard) or with a
//     negation before it, "off", "away", "disable" or "remove" (the off
//     value: "no mp4", "take master access away"); a length of time with its unit ("the
//     last 10 minutes", "for 3 months", "valid for an hour": a or one,
//     not after once, twice, per or half) for the one argument that counts
//     time, by its name or description (sinceSeconds: 600; a string one
//     only by its name: num_minutes "60"; a string whose description
//     writes an ISO 8601 duration, "P[n]Y[n]M[n]DT[n]H[n]M[n]S", in that
//     form: "a 30 minute break" is PT30M), months and
//     years only as themselves, and with no such argument nowhere ("from
//     the last 14 days" is no page size and no id 14); "by octocat" for an author, creator,
//     actor, reporter or sender ("sorted by" names no one), and
//     "assigned to octocat" for an assignee; "the
//     latest 5 comments", "10 most recent charges", "the next 20" or
//     "100 at most" for a limit, the number also in words of two or
//     more ("a dozen assets", "the top ten"; not "one"), as for a length
//     of time ("good for two hours") (also one typed as text whose
//     description says it holds a number, "number from 0 to 1000", or
//     named limit, per_page, page_size or max_results with no
//     description, listed values or format at all, as digits), the
//     order word going with the number
//     ("the first 50 droplets" leaves no "first" for a tag), never a
//     number to pass over ("skip the first 40": an offset, by its
//     alias); "50 a page", "25 per page", "20 at a time", "30 to a page", "50 of them"
//     for a limit or page size, never the page number; "rename X to Y",
//     (the new name ending where "and", "then" or "but" and a verb
//     start another order: "to Road Trip and let friends add songs"),
//     and "as nightly-0301" (a name-shaped or quoted word), for the one
//     argument that names the thing (name, title, label; else the one
//     argument named value of a tool whose name says name:
//     updateBoardsNameByIdBoard), and for a
//     required one the one word after a noun of the tool's name that a
//     preposition, a comma or the end follows ("a 20 GB volume pgdata
//     in us-east");
//     what the request calls the thing a tool makes or changes, for
//     the one argument that names it (name, title or label, at the top
//     or one level down the body: workspace.name): the words after "call
//     it", "name it", "called", "named" or "titled" ("fork collection X
//     and call it my-experiments"), and, for a tool that creates, the
//     words after "a", "an", "new" or the verb that orders it made
//     ("add customer Dana Ruiz") and a noun of the tool's name (one
//     word may qualify it: "new expense account Office Snacks") when
//     the first is capitalised (the one token when name-shaped or
//     quoted) ("create a
//     workspace QA Team for the whole team", "add a webhook deploy-hook
//     that triggers ..."; "a workspace for the team" names none), up to
//     a stop word, a verb of the request, a value or the clause's end;
//     "called" and "named" for a label when no argument is a name; the
//     word after the thing's noun for an argument that holds its name
//     ("pool transactional" for pool_name, "user dana" for username: a
//     name-shaped word, or for a required argument any word that is no
//     word of the sentence; past "called" or "named": "a break called
//     Lunch" for break_name); a status said as an adjective of the things
//     listed ("draft quotes", "approved linked transactions": the word
//     right before the tool's object noun, past words of its topic such
//     as "linked", and no stop, verb, order or number word) as said, for
//     an argument named status or state (or filter[status]) with no enum
//     and no values listed, and with none for the one named type or kind
//     (filter[type], or with a noun of the tool's things: task_type;
//     the one that takes one value before one that takes a list),
//     not after "the" ("npm projects": type npm; "the storefront
//     project" names one), also a type written as the API names its
//     types, one token of words joined by dots or underscores
//     ("invoice.payment_failed events"); a status also as a participle after the
//     things' plural that ends the phrase ("which tasks failed", "jobs
//     that are pending", not "people flagged do not contact"); for an
//     argument that identifies a thing, the
//     name said with the thing's noun, read from the argument's name
//     (team of teamId) or, for one named only idOrName, id, key or name,
//     from its description or the tool's ("project by id or name"): right
//     after the noun ("project storefront", "team acme-eu": a
//     name-shaped word, or for a required argument one plain word, no
//     verb) or between "the" and the noun ("the acme team", "the
//     storefront project", a comma after it or not: "stop the cron
//     container, give it 30 seconds"); "starting with promo" for the argument whose
//     description says prefix; the value after an argument's name
//     (or its last word alone when the tool's own words say the rest
//     and no other argument's name has it: "tax rates of type INPUT" for
//     getTaxRates' TaxType)
//     or a common alias ("priority high", "called Jane", "at most 5";
//     a name said inside a compound, "label priority-high", names
//     none), a name word between them skipped ("the role named ops-admins"),
//     past a noun its description uses for the value ("by user jdoe-42"
//     is jdoe-42 for "the given user", "on branch hotfix-7" for "SHA or
//     branch"), never ending in a word such as "of": a value that is
//     no free text (no query, title, name, ...) and starts in lower case
//     is one word ("namespace monitoring any more"), a capitalised one
//     runs over capitalised words and numbers ("milestone Sprint 9
//     labeled frontend"), free text after "titled" to the end of its
//     clause ("titled Login page crashes on Safari, due ..."; a dash,
//     or an opening bracket after a word that ends a phrase, ends a
//     clause too: "message false alarm — api id X", "to platform-core
//     (api id X)", but "user X in (acme)" goes on), and no value runs into a word that, in any
//     form, names another argument ("org hooli tagged gpu", "milestone
//     v2.1 sorted by", "search billing ordered by"); a plain word
//     after a noun that the description of exactly one argument says
//     its value names ("on branch develop" for "The name of a
//     repository branch or tag"); or
//     a word, or a name joined by dashes, before a one-word name ("high
//     priority", "the feature-x branch"); digits next to a
//     numeric argument's name; a boolean named for including or
//     leaving out or turning off a thing (include_archived,
//     exclude_pull_requests, disable_cache, no_verify) from
//     the word before that thing, against the name's verb ("including
//     pull requests": exclude_pull_requests false; "without pull
//     requests", "skip the pull requests" and "ignore pull requests":
//     true; "without using the cache": disable_cache true);
//     booleans from their name's words (the two
//     words of a name also with a determiner between them: "block their
//     email" for block_email) that no other argument took ("low latency"
//     is a latency_mode, not also the low_latency switch) and that do
//     not make one word of the tool's name with the word after them
//     ("list the user groups" to usergroups_list sets no
//     include_users), a top-level
//     argument before a nested one of the same name ("a test live
//     stream" is test, not new_asset_settings.test), negated by "not", "don't", "without",
//     "leaving out", ..., or by a negative prefix on
//     a one-word name ("make it inactive" for active, "unpublished" for
//     published, "products we deactivated" for active: false, "not
//     inactive": true; a name that says the words as written wins over
//     one that shares their stem: "blocked tasks" is is_blocked, not
//     is_blocking), or by the state said after the name
//     ("with watch switched off", "watch off": off and disabled false,
//     enabled true, on only after switched, turned or set), also for
//     a name of a thing and its state said so ("the wiki turned off"
//     for wiki_enabled; the thing alone sets nothing), the one true/false
//     value argument of a tool whose name says a state as a participle
//     (updateBoardsClosedByIdBoard: "close board X" true, negated false),
//     and "on"/"off"
//     for the one a tool requires; or by two words its description
//     says, in a row in the request and at most one word apart there
//     ("on a cash basis" for "Filter to retrieve journals on a cash
//     basis", "cash only basis"), none a stop word, a verb, a word of
//     the tool's name or first sentence ("user group" creates a group,
//     it includes no count of "users in each User Group") or of another
//     argument's name; never from a word said as an
//     action: the tool's verb saying the request's ("Watch namespace
//     default" to watchNamespace turns no watch on) or a verb joined to
//     another by "or" ("list or watch objects"); "in Berlin" for a place, and a place's code after "in"
//     or "into" ("in us-east", "into nyc1": lower-case letters with
//     digits or dashes) for an argument named region, location, site,
//     ...; a short number right after a noun ("team 777", "bookmark
//     4455") for the tool's one required identifier still empty, when it
//     is the only number left, the noun names no other argument nor
//     another thing of the tool's name ("linode 4411" is no typeId of
//     getLinodeType) and no noun follows the number; bare words after
//     "in", "of", "for" or "on" ("users in webshop production") for the
//     tool's two or more required identifiers still empty, in the
//     schema's order, when there are exactly as many words, none a word
//     of the sentence, of the tool's name or of an argument's name; for
//     the tool's one required username still empty (its name says
//     username: username, Api-Username), the request's one word written
//     as a person's handle: a possessive ("refresh mia_k's gravatar"), a
//     name-shaped word ("which badges does mia_k have") or a plain word
//     after "of", "for", "as", "user" or "username" ("the private
//     messages of jdoe", "as system"), none when two words qualify;
//     for the required string still empty that takes the name of the
//     thing a tool that does not create acts on (its name says no
//     identifier or number, or its description says name), the one
//     word between "the" and that thing's noun: the words of the tool's
//     name right before the argument's name, else the name's object,
//     said in one to three of them ending in the thing's own noun or in
//     two or more in a row, the phrase ending there ("show the google
//     identity provider in acme": alias of
//     getRealmIdentityProviderInstancesAlias; "the auditor role" names
//     no group, "the last run" no run), the name of the tool's own
//     object when several are empty ("drop the stripe-key secret":
//     name, "name of the Secret", not namespace), else the one the name
//     says last (alias, not realm);
//     for the tool's one required string still empty that names the
//     container it works in (its thing, realm of realm or project of
//     projectKey, is a word of the tool's name that another thing's noun
//     follows, as a name read from a path puts the container first:
//     getRealmUsersId for /{realm}/users/{id}; or the tool's first
//     sentence says it after in, within, under, across or for, "Get
//     list of all features in given project"; or its own description
//     says it after in, within or under, or says scope), when at most
//     one required key is empty (with more, only a word after in, within
//     or under: "logs of checkout-7d9f in payments" for the pod's name
//     and its namespace), the request's one word said as that
//     container: after in, of, for, from, on, at, within or under and
//     ending its phrase (a clause's end, a stop word, a preposition, or
//     a word of the sentence follows; never a number or quoted text:
//     "in team 777" names the team 777), written with 's ("acme's
//     repos"), or between "the" and the container's noun in the
//     singular ("the acme workspace"): "list the users in acme", "kick
//     all sessions out of staging", "admin events in prod since
//     2025-03-01"; never a word of the sentence, of the tool's name or
//     of an argument's name, a number, a unit of time, a value an
//     argument lists, or a word people say after a preposition as a
//     manner or a format ("users in bulk", "in JSON", "for good", "in
//     the last hour"), and none when two words qualify, unless one
//     follows in, within or under and the tool also takes its object's
//     name, still empty, which the other word then names ("logs from
//     checkout-7d9f in payments"); an identifier left over for the
//     plain argument that is still empty, or for the tool's one argument
//     that takes an identifier ("last 50 messages in C024BE91L":
//     channel, "Conversation ID"); identifiers shaped like the
//     example's ("ticket 1001" -> "TCK-1001"), only for the argument the
//     word before the number names ("override 23997" makes no API key of
//     the example "sk_test_123"); and last the request's
//     leftover words for the one free-text argument (a query, a title, a
//     message; never a user's login, userName or handle, which is one
//     word) the example shows (the longest run, but the one said after
//     "named" or "called", or after "for" once the request said search,
//     before any: "employees named smith" is smith, "search docker hub
//     for postgres" postgres; a lower-case participle that a preposition
//     follows ends the run before it: "an A record www pointing at
//     203.0.113.7" is www), unless the tool's name says it
//     changes a thing (updateTicket) and the argument is optional: "mark
//     it as open" sets no title (the one word written like the
//     example's value when that value joins its parts with
//     punctuation: "IPv6 records for acme.io" with the example's
//     "example.com" is acme.io, not the first leftover word), or, when
//     no example shows one, what
//     follows the request's last colon for the one argument named text,
//     body, message, comment or content ("comment on 1204...: waiting on
//     legal"); and for a required free-text argument, what follows the
//     last colon word for word when it is three words or more and none
//     was read for another argument ("reply to ticket 99812: still
//     seeing packet loss"). Then the tool's one required identifier still
//     empty takes an identifier an optional identifier argument took
//     without being named for it (no word right before it names that
//     argument): "contacts in org 9a8b..." sends the tenant the tool
//     requires, not a contact ID, as a model fills what is required
//     first; and when the tool has one required argument still empty
//     that takes a thing's identifier or name (its name says id, key,
//     number, name, username, serial or phone; no listed values; a name
//     only where the tool does not create), the request's one value no
//     argument took that is written as a name or number (a number of
//     four digits or more or ending its clause, an identifier, a phone
//     number, an email, a handle after @, words joined by dashes,
//     slashes, colons, dots or underscores: "restart nginx-proxy",
//     "replies to post 99812", "look up @TwitterDev"), the noun before
//     it naming the argument or the tool's thing, the word after it a
//     stop word or a word of the tool's name ("the vieux/sshfs plugin"),
//     and a thing the argument's name says (tag of tag_name) said beside
//     it ("the droplet called web-03" is no tag_name), and never a path
//     of names for a person's argument (user, username, login, member,
//     handle) whose example holds no slash ("who starred acme/api"
//     names a repository); a bare id takes
//     a word with no digit only when its description says name ("ID or
//     name of container"). Last, an argument's description that says it goes with
//     another's value ("Required only if duration is repeating") brings
//     that value along when the request left the other empty. Then it
//     rereads the call: two identifiers of one kind (type and format) it
//     gave to two arguments that list no values trade places when the words right before one say
//     the other's thing and nothing says either is where it is: the noun
//     before it, read from the argument's name or, for a bare id of a
//     tool named after its path, the path's noun before it ("which roles
//     of app 7a6b... does user 8c1d... have": id of
//     /users/{id}/.../clients/{client} is the user's); the verb before it,
//     whose object is the thing the tool's name ends in ("mark 3c2b... as
//     watched for 8a7b...": the item of MarkPlayedItem, while a name that
//     ends in its verb, conversations_kick, says nothing of the object); or a preposition
//     the description's first sentence puts before an argument's thing,
//     when the value ends its phrase ("Marks an item as played for user":
//     "for 8a7b..." is the user's; "users in webshop production" says
//     neither's thing). For a tool that takes a thing's name and its new
//     name (name and newName, username and new_username), the one value
//     after "to" is the new name and the plain word right before "to" the
//     old one ("rename library Films to Movies", "change mia_k's username
//     to mia_kowalski"). An optional enum's one-word value said as the
//     plural of the tool's own thing names the things listed, no filter
//     ("list email templates" sets no content_type template). An
//     identifier whose example is opaque (a UUID, a key mixing letters
//     and digits) takes no word-like name ("deactivate project
//     billing-api" gives projectId no "billing-api"), and an identifier
//     that is a number takes no word ("the droplet called web-03" gives
//     droplet_id no "web-03"). A read tool's name
//     filter (a top-level q, query, search, name..., else one in an
//     object of filters: filters.name) takes the name the request gives
//     a thing when nothing else took it: quoted, capitalised, else a
//     lowercase slug ("tag the checkout-web project" with only the
//     projects' list at hand lists them by that name). It prefers leaving an argument out to inventing
//     it from words meant for something else;
//  3. calls it, one call at a time, with IDs call_1, call_2, ....
//     When the tool needs an identifier the request gives only by name
//     (a quoted title, a capitalised name: "follow Radiohead", but not
//     an acronym the tools' names or purposes use, "all our SIMs" where
//     the tools speak of SIM cards, which is a word of the request; else a
//     lowercase slug no argument took: "billing-api",
//     "acme/webapp:package.json", a URL; a handle, "@gargron",
//     "@anika@mastodon.social"; the word after "called" or "named"; when
//     every identifier it needs is a number, a word and digits joined by
//     a dash, written like a tracker key: "reboot the web-01 linode") or by
//     place ("the first member of team X", "the latest ticket of Y"), it
//     plans a chain first: the tools the argument's description names as
//     its source ("Find it with listUsers (`items[].id`)"), else read
//     tools that take a query; when the named sources take no query and
//     the request gives a name, not a place, a read tool that lists the
//     same things and takes a query comes first ("the ticket “DNS
//     fails”" with listTickets named and searchTickets at hand searches
//     by the title). It calls them one at a time, the name
//     going to a tool's query and the request's verb to none of its
//     arguments ("follow @anika@..." sets no "following" filter of the
//     account search) (a read tool that lists the very things the
//     argument identifies comes before one that only takes a query:
//     "delete the 'QA bot' token" lists the tokens, it does not search
//     the members), and after each answer takes the value from
//     the item whose text field is the name, else whose text fields hold
//     all its words (or the first or last item
//     for a place, or the one item a lookup found), at the path the
//     description gives, else its id, else the one field named like the
//     argument (ticket_id for ticketId). For a place a list scoped by
//     another identifier comes first, for a name a tool with a query;
//     without a place, a name is the thing the argument identifies, never
//     a scoping list's ("assign asset X to Lucas Johansson" does not look
//     a team up by that name). A thing the request names that the tool
//     cannot take (an email, an identifier) is looked up with a named
//     source that takes it ("tickets of the user with email X":
//     listUsers by email, then the one user's id); such a value gives the
//     tool its identifier and a place for the value in the choice of
//     step 1, but counts as taken only by a tool that takes it itself
//     ("the user with email X" is listUsers, not getUser). A name of
//     several words is held back from the tool's other arguments and
//     from the sources' identifiers ("the first member of team Identity
//     & Access" sets no category access and no team id "Identity"). When
//     the tool read as asked for has been called and was a lookup, it
//     goes on to a tool scoring within half a point of it that needs an
//     identifier that call gave and whose name's first noun the request
//     says but the called tool's name does not ("which tickets of the
//     user with email X" after listUsers calls listTicketsForUser). It
//     stops when a source's answer lacks the item (it does not try every
//     other, nor page), after three steps, or after six calls. When no chain
//     finds the identifier, it asks the user for it, unless a tool
//     scoring within half a point of the picked one has every required
//     argument filled: it calls that one, as a model calls what it can
//     rather than ask ("show the unsubscribe groups" lists the groups,
//     it does not ask which group's suppressions to show).
//
// On a tool result it answers with the result, except when the result is
// an argument-validation error ("Invalid arguments for ..."): then it
// repairs the call once from the error (a "did you mean" name or value,
// an identifier rewritten like the error's example, a missing argument
// read again from the request, an invalid optional argument dropped) and
// calls again; when it cannot repair, or a second such error comes, it
// answers with what went wrong.
//
// Its mistakes are the ones models make, for the same reasons: the wrong
// tool when tools overlap or a request says what the tool does in other
// words ("what was bought" for line items); a missing argument when the
// wording matches neither the argument's name nor its values ("could not
// reproduce" for cannot_reproduce, "starred" for favourite); values read
// too literally ("five" for an integer, "name" for a sort asked as "Z to
// A"); no knowledge of a product's conventions (that amounts are
// in cents, that "archived" means not active); and it looks nothing up
// unless a description says where a value comes from or a query tool is
// at hand, reading only the part of an answer the result budget let
// through. Better definitions help it as they help models: an enum lets
// it recognize a value, an example shows it which arguments to fill and
// in what shape, a pointer to the tool that gives an identifier lets it
// chain, a precise error lets it repair.
//
// The same input always gives the same output. Why it chose what it did
// is in the reply's Extra under ExtraReason.
type Model struct {
	kit *toolkit
}

var _ model.ToolCallingChatModel = (*Model)(nil)

// New returns the baseline model without tools.
func New() *Model { return &Model{kit: newToolkit(nil)} }

// WithTools returns a baseline that may call tools.
func (b *Model) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &Model{kit: newToolkit(tools)}, nil
}

// GetType names the model for Eino's callbacks.
func (b *Model) GetType() string { return "Baseline" }

// Stream returns Generate's message as a stream of one chunk.
func (b *Model) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := b.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// ExtraReason is the key in a reply's Extra under which the baseline
// says why it replied as it did (for traces; models never see it).
const ExtraReason = "baseline_reason"

// Generate replies to the conversation.
func (b *Model) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	kit := b.kit
	if o := model.GetCommonOptions(nil, opts...); o.Tools != nil {
		kit = newToolkit(o.Tools)
	}
	reply := kit.reply
	if kit.isMeta() {
		reply = metaReply
	}
	msg, reason := reply(in)
	if reason != "" {
		msg.Extra = map[string]any{ExtraReason: reason}
	}
	return msg, nil
}

// reply decides the next message from the conversation alone.
func (k *toolkit) reply(in []*schema.Message) (*schema.Message, string) {
	user := -1
	for i := len(in) - 1; i >= 0; i-- {
		if in[i] != nil && in[i].Role == schema.User {
			user = i
			break
		}
	}
	if user < 0 {
		return schema.AssistantMessage("What would you like me to do?", nil), "no user message"
	}
	// The request is everything the user said: a reply to a question
	// adds to the first message, it does not replace it.
	var said []string
	for _, m := range in[:user+1] {
		if m != nil && m.Role == schema.User {
			if t := strings.TrimSpace(requestText(m)); t != "" {
				said = append(said, t)
			}
		}
	}
	request := strings.Join(said, "\n")
	var calls []*schema.Message
	var last *schema.Message
	for _, m := range in[user+1:] {
		if m == nil {
			continue
		}
		if m.Role == schema.Assistant && len(m.ToolCalls) > 0 {
			calls = append(calls, m)
		}
		last = m
	}
	if len(calls) == 0 {
		return k.firstCall(in, request)
	}
	if last.Role != schema.Tool {
		return schema.AssistantMessage(lastAnswer(in), nil), "already answered"
	}
	prev := calls[len(calls)-1].ToolCalls[0]
	result := last.Content
	if strings.HasPrefix(result, "Invalid arguments for ") {
		if len(calls) >= 2 {
			return schema.AssistantMessage(fmt.Sprintf("I could not call %s with valid arguments; the tool said:\n%s",
				prev.Function.Name, trimText(result, 600)), nil), "second argument error: stop"
		}
		return k.repair(in, request, prev, result)
	}
	if msg, reason, ok := k.nextStep(in, user, request); ok {
		return msg, reason
	}
	return schema.AssistantMessage(summarize(prev.Function.Name, result), nil), "answer from the result"
}

// nextStep continues a chain of calls: when the tool the request needs
// has not been called yet, it calls the next tool of the plan, or the
// tool itself with the values earlier answers gave.
func (k *toolkit) nextStep(in []*schema.Message, user int, request string) (*schema.Message, string, bool) {
	u := k.read(request)
	hits, _, filled := k.pickTool(request, u)
	if len(hits) == 0 {
		return nil, "", false
	}
	goal := k.byName[hits[0].Name]
	done := madeCalls(in, user+1)
	if len(done) >= maxCalls {
		return nil, "", false
	}
	if slices.ContainsFunc(done, func(m made) bool { return m.tool == goal.name }) {
		if goal = k.continuation(hits, goal, done, u); goal == nil {
			return nil, "", false
		}
	}
	f := filled[goal.name]
	if f == nil {
		f = fill(goal, k.read(request), nil)
	}
	c, f := k.newChain(request, goal, f, done)
	st, ok := k.plan(goal, f, c, 0)
	if !ok || c.madeAlready(st.tool.name, st.args) {
		return nil, "", false
	}
	args := encodeArgs(st.tool.nest(st.args))
	reason := fmt.Sprintf("toward %s: call %s with %s", goal.name, st.tool.name, args)
	if st.why != "" {
		reason += " (" + st.why + ")"
	}
	if len(f.notes) > 0 {
		reason += "; " + strings.Join(f.notes, "; ")
	}
	return chat.CallMessage(in, chat.Call{Name: st.tool.name, Arguments: args}), reason, true
}

// firstCall picks a tool and fills its arguments.
func (k *toolkit) firstCall(in []*schema.Message, request string) (*schema.Message, string) {
	if len(k.byName) == 0 {
		return schema.AssistantMessage("I have no tools to do that.", nil), "no tools"
	}
	u := k.read(request)
	hits, action, filled := k.pickTool(request, u)
	if len(hits) == 0 {
		// "follow Radiohead" with only search tools at hand: look the
		// name up.
		if msg, reason, ok := k.lookUpFirst(in, request); ok {
			return msg, reason
		}
		return schema.AssistantMessage("I could not find a tool for that request.", nil), "no tool shares a word with the request"
	}
	tool := k.byName[hits[0].Name]
	f := filled[tool.name]
	if f == nil {
		f = fill(tool, u, nil)
	}
	c, cf := k.newChain(request, tool, f, nil)
	if st, ok := k.plan(tool, cf, c, 0); ok && st.tool != tool {
		args := encodeArgs(st.tool.nest(st.args))
		return chat.CallMessage(in, chat.Call{Name: st.tool.name, Arguments: args}),
			fmt.Sprintf("picked %s; first %s: call %s with %s", tool.name, st.why, st.tool.name, args)
	}
	if msg, reason, ok := ask(tool, f); ok {
		alt := k.callableInstead(hits, filled)
		if alt == nil {
			return msg, reason
		}
		// A close tool needs nothing the request leaves out: a model
		// calls it rather than ask ("show the unsubscribe groups" lists
		// them; it does not ask which group's suppressions).
		tool, f = alt, filled[alt.name]
	}
	args := encodeArgs(tool.nest(f.args))
	var alt []string
	for _, h := range hits[1:min(len(hits), 3)] {
		alt = append(alt, fmt.Sprintf("%s %.2f", h.Name, h.Score))
	}
	reason := fmt.Sprintf("picked %s (score %.2f, request verb %q; next: %s); arguments %s",
		tool.name, hits[0].Score, action, strings.Join(alt, ", "), args)
	if len(f.notes) > 0 {
		reason += "; " + strings.Join(f.notes, "; ")
	}
	return chat.CallMessage(in, chat.Call{Name: tool.name, Arguments: args}), reason
}

// askMargin is how far below the best a tool may score and still be
// called instead of asking for the best one's identifier.
const askMargin = 0.5

// callableInstead is the best of the tools after the first, scoring
// within askMargin of it, that has every required argument filled and
// would not ask; nil when none does.
func (k *toolkit) callableInstead(hits []retrieve.Hit, filled map[string]*filler) *toolSpec {
	for _, h := range hits[1:] {
		if h.Score < hits[0].Score-askMargin {
			break
		}
		t, f := k.byName[h.Name], filled[h.Name]
		if t == nil || f == nil {
			continue
		}
		complete := true
		for _, p := range t.params {
			if p.required && !f.has(p) {
				complete = false
				break
			}
		}
		if complete {
			return t
		}
	}
	return nil
}

// ask asks the user which thing the request means when the tool needs an
// identifier the request does not give ("close the ticket"), as a careful
// model does instead of inventing one. It does not ask when the request
// holds a value it could not place (an identifier, a number, quoted text
// left over), nor for other arguments (text, enum values): then the user
// likely said it in words the baseline did not read, and a call whose
// corrective answer lists what is missing serves better than a question
// about something already said.
func ask(t *toolSpec, f *filler) (*schema.Message, string, bool) {
	var missing []string
	for _, p := range t.params {
		if !p.required || f.has(p) {
			continue
		}
		if !p.ident || len(p.enum) > 0 || len(p.named) > 0 || p.typ == "boolean" {
			// A kind, not a thing: the corrective answer lists the
			// values.
			return nil, "", false
		}
		missing = append(missing, strings.Join(p.words, " "))
	}
	if len(missing) == 0 {
		return nil, "", false
	}
	for i := range f.u.toks {
		if !f.u.used[i] && f.u.valueToken(i) {
			return nil, "", false
		}
	}
	what := missing[0]
	if len(missing) > 1 {
		what = strings.Join(missing[:len(missing)-1], ", ") + " and " + missing[len(missing)-1]
	}
	return schema.AssistantMessage(fmt.Sprintf("To use %s I need the %s. What should I use?", t.name, what), nil),
		fmt.Sprintf("picked %s; the request gives no %s: ask", t.name, what), true
}

// encodeArgs writes arguments as JSON with sorted keys.
func encodeArgs(args map[string]any) string {
	if len(args) == 0 {
		return "{}"
	}
	b, err := json.Marshal(args)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// summarize is the final answer after a tool result.
func summarize(tool, result string) string {
	result = strings.TrimSpace(result)
	if result == "" {
		return fmt.Sprintf("%s returned nothing.", tool)
	}
	return fmt.Sprintf("Here is what %s returned:\n%s", tool, trimText(result, 800))
}

func trimText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + " ..."
}

// lastAnswer repeats the last assistant text.
func lastAnswer(in []*schema.Message) string {
	for i := len(in) - 1; i >= 0; i-- {
		if m := in[i]; m != nil && m.Role == schema.Assistant && m.Content != "" {
			return m.Content
		}
	}
	return "Done."
}
