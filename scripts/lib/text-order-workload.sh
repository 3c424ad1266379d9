#!/usr/bin/env bash
# The requests scripts/text-order makes while the server runs under callgrind: every read
# of the benchmark's table, answers compressed and not, the common writes and refusals, so
# that the code they run is listed (and laid out together) whichever of them a user sends.
#   text-order-workload.sh <base url> <data dir holding seed.json>
set -uo pipefail
base="$1"
hot=$(jq -r .hot_movie "$2/seed.json")
login() { # $1 = demo username: prints its token
  curl -fsS -H 'Content-Type: application/json' \
    -d "{\"email\":\"$1@demo.example\",\"password\":\"leffaseura-demo\"}" "$base/api/users/login" | jq -r .token
}
token=$(login demo_1)
owner=$(curl -fsS "$base/api/groups/1" | jq -r .group.owner_name)
owner_token=$(login "${owner,,}")
area=$(curl -fsS "$base/api/finnkino/theatres" | jq -r '[.theatreAreas[].id | tostring | select(. != "1029")][0]')
day=$(date +%d.%m.%Y)
ids=$(curl -fsS "$base/api/tmdb/popular" | jq -r '[.results[:16][].id] | join(",")')
# path|who: '' no token, t demo_1, o the owner of group 1
reads="/api/users/1|
/api/users/profile|t
/api/favorites/user/1/1|t
/api/favorites/user/1/2|
/api/favorites/status/$ids|t
/api/reviews/movie/$hot|
/api/reviews/movie/$hot|t
/api/reviews/movie/$hot?offset=180|
/api/reviews/movie/$hot?offset=100&limit=20|
/api/reviews/recent|
/api/reviews/user/1|
/api/reviews/users-by-aura|
/api/reviews/users-by-review-count|
/api/tmdb/popular|
/api/tmdb/$hot|
/api/groups/popular|
/api/groups/1|
/api/groups/1|t
/api/groups/1/members|o
/api/reviews/group/1|o
/api/reviews/user/1/activity|
/api/reviews/1|
/api/favorites/group/1|o
/api/groups/search?query=c|
/api/groups/search?query=club|
/api/groups/by-genres?genres=28,12|
/api/groups/user/1/groups|
/api/groups/themes|
/api/groups/1/pending-requests|o
/api/groups/1/modlog|o
/api/groups/1/parties|o
/api/users/me/parties|t
/api/users/profile/showtime-preferences|t
/api/reports/mine|t
/api/users/me/export|t
/api/tmdb/genres|
/api/tmdb/search?query=a|
/api/tmdb/discover?with_genres=28|
/api/tmdb/in-theaters|
/api/finnkino/theatres|
/api/finnkino/schedule?area=$area&dt=$day|
/api/movies/$hot/showtimes?area=$area|
/api/showtimes/watchlist?area=$area|t
/api/nonexistent|
/api/users/abc|
/healthz|"
for _ in 1 2 3; do
  while IFS='|' read -r path who; do
    auth=()
    [ "$who" = t ] && auth=(-H "Authorization: Bearer $token")
    [ "$who" = o ] && auth=(-H "Authorization: Bearer $owner_token")
    curl -s -o /dev/null -m 600 "${auth[@]}" "$base$path"
    curl -s -o /dev/null -m 600 -H 'Accept-Encoding: br' "${auth[@]}" "$base$path"
    curl -s -o /dev/null -m 600 -H 'Accept-Encoding: gzip' "${auth[@]}" "$base$path"
  done <<<"$reads"
  # Writes: a new user reviews, reacts, saves and joins; refusals of each kind.
  name="order$RANDOM$RANDOM"
  user_token=$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"username\":\"$name\",\"email\":\"$name@example.com\",\"password\":\"order-workload-1\"}" \
    "$base/api/users/register" | jq -r '.token // empty')
  json=(-H 'Content-Type: application/json' -H "Authorization: Bearer $user_token")
  review=$(curl -fsS "${json[@]}" -d "{\"movieId\":$hot,\"rating\":4,\"content\":\"Layout run\"}" \
    "$base/api/reviews" | jq -r '.data.review.id // empty')
  curl -s -o /dev/null "${json[@]}" -X PUT -d '{"rating":5,"content":"Layout run, again"}' "$base/api/reviews/$review"
  curl -s -o /dev/null "${json[@]}" -d '{"type":"like"}' "$base/api/reviews/1/interaction"
  curl -s -o /dev/null "${json[@]}" -d "{\"movie_id\":$hot,\"type\":2}" "$base/api/favorites"
  curl -s -o /dev/null "${json[@]}" -X DELETE "$base/api/favorites/$hot/2"
  curl -s -o /dev/null "${json[@]}" -X POST "$base/api/groups/1/join"
  curl -s -o /dev/null "${json[@]}" -X DELETE "$base/api/groups/1/leave"
  curl -s -o /dev/null "${json[@]}" -X DELETE "$base/api/reviews/$review"
  curl -s -o /dev/null -H 'Content-Type: application/json' -d '{}' "$base/api/reviews"
  curl -s -o /dev/null -H 'Authorization: Bearer not-a-token' "$base/api/users/profile"
  curl -s -o /dev/null -H 'Content-Type: application/json' \
    -d '{"email":"demo_2@demo.example","password":"not-the-password"}' "$base/api/users/login"
done
