# Bash completion for grove: subcommands, each one's options, game names,
# variant names, player counts, bot kinds, a game's options (--set NAME=)
# and file names.
#
# make install puts it in PREFIX/share/bash-completion/completions/grove,
# where bash-completion loads it the first time `grove` is completed. From
# a source tree:  source completions/grove.bash  (then `build/grove <Tab>`
# works too: bash looks up a command's completion by its last path part).
#
# Game names, variants and player counts come from `grove list`, run at
# most once per completion, and only when they are needed. The grove asked
# is the one being completed: build/grove when that is what was typed,
# else the grove found on PATH. It needs nothing from bash-completion.

# The grove being completed, as a path or a name on PATH; empty if none.
_grove_program()
{
    local cmd=${COMP_WORDS[0]}
    # shellcheck disable=SC2088  # a tilde typed on the line, not expanded
    if [[ $cmd == "~/"* ]]; then
        cmd=$HOME/${cmd#"~/"}
    fi
    if [[ $cmd == */* ]]; then
        [[ -x $cmd && ! -d $cmd ]] && printf '%s\n' "$cmd"
    else
        type -P "$cmd"
    fi
}

# Fill _grove_listing with the output of `grove list`, once per completion.
_grove_read_list()
{
    [[ $_grove_listed == yes ]] && return
    _grove_listed=yes
    _grove_listing=
    local program
    program=$(_grove_program)
    [[ -n $program ]] || return
    _grove_listing=$(NO_COLOR=1 "$program" list 2>/dev/null)
}

# The helpers below leave what they find in the array _grove_found.

# The subcommands, in the order of grove's table of them (repl/main.c),
# which `grove --commands` prints: tests/repl/cli/completion.sh fails when the
# two differ.
_grove_subcommands()
{
    _grove_found=(play list new test mutate run sim duel learn merge replay check show serve bench help)
}

# The game names: the first word of each line of `grove list` (a game whose
# script does not load is listed as "NAME (broken: ...)": NAME too).
_grove_games()
{
    _grove_found=()
    _grove_read_list
    local name rest
    while read -r name rest; do
        [[ -n $name ]] && _grove_found+=("$name")
    done <<<"$_grove_listing"
}

# The line of `grove list` that describes game $1, in _grove_line.
_grove_game_line()
{
    _grove_line=
    _grove_read_list
    local line name rest
    while IFS= read -r line; do
        read -r name rest <<<"$line"
        if [[ -n $name && $name == "$1" ]]; then
            _grove_line=$line
            return
        fi
    done <<<"$_grove_listing"
}

# The variants of game $1: the words after "variants:" (an overlay's are
# marked "(overlay)", a variant's own player counts "(1)" or "(2-4)":
# neither is a variant's name).
_grove_variants()
{
    _grove_found=()
    local _grove_line _grove_words _grove_w
    _grove_game_line "$1"
    [[ $_grove_line == *"variants:"* ]] || return
    read -r -a _grove_words <<<"${_grove_line#*variants:}"
    for _grove_w in "${_grove_words[@]}"; do
        [[ $_grove_w == "("* ]] || _grove_found+=("$_grove_w")
    done
}

# The options game $1 declares (with the variants in $2), as NAME=: the
# lines "  NAME=DEFAULT ..." of `grove list --options GAME`.
_grove_game_options()
{
    _grove_found=()
    local program line
    program=$(_grove_program)
    [[ -n $program && -n $1 ]] || return
    local args=(list --options "$1")
    [[ -n $2 ]] && args+=(--variant "$2")
    while IFS= read -r line; do
        [[ $line =~ ^\ \ ([A-Za-z_][A-Za-z0-9_]*)= ]] && _grove_found+=("${BASH_REMATCH[1]}=")
    done < <(NO_COLOR=1 "$program" "${args[@]}" 2>/dev/null)
}

# The player counts of game $1 ("2-4 players" gives 2 3 4).
_grove_player_counts()
{
    _grove_found=()
    local _grove_line n
    _grove_game_line "$1"
    [[ $_grove_line =~ ([0-9]+)-([0-9]+)\ players ]] || return
    for ((n = BASH_REMATCH[1]; n <= BASH_REMATCH[2]; n++)); do
        _grove_found+=("$n")
    done
}

# The words of the command line in _grove_words, the cursor's in
# _grove_cword, with "2=mcts" and "mcts:30" back in one word: bash splits
# them at the = and : of COMP_WORDBREAKS.
_grove_split_words()
{
    _grove_words=()
    _grove_cword=0
    local i word glue=no
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        word=${COMP_WORDS[i]}
        if ((${#_grove_words[@]} > 1)) && [[ $word =~ ^[=:]+$ || $glue == yes ]]; then
            _grove_words[-1]+=$word
        else
            _grove_words+=("$word")
        fi
        if [[ $word =~ ^[=:]+$ ]]; then glue=yes; else glue=no; fi
        ((i == COMP_CWORD)) && _grove_cword=$((${#_grove_words[@]} - 1))
    done
    # the cursor after the last word
    if ((COMP_CWORD >= ${#COMP_WORDS[@]})); then
        _grove_words+=("")
        _grove_cword=$((${#_grove_words[@]} - 1))
    fi
}

# Set COMPREPLY to the candidates (given after the word being completed,
# $1) that start with it, trimmed by _grove_trim.
_grove_reply()
{
    local cur=$1 candidate
    shift
    COMPREPLY=()
    for candidate in "$@"; do
        [[ $candidate == "$cur"* ]] && COMPREPLY+=("$candidate")
    done
    _grove_trim "$cur"
}

# Take off the front of each COMPREPLY what readline keeps of the word $1:
# up to its last = or : when COMP_WORDBREAKS splits words there.
_grove_trim()
{
    local cur=$1 breaks=
    [[ $COMP_WORDBREAKS == *=* ]] && breaks+="="
    [[ $COMP_WORDBREAKS == *:* ]] && breaks+=":"
    [[ -n $breaks && $cur == *["$breaks"]* ]] || return
    local kept=${cur%"${cur##*["$breaks"]}"}
    local i
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]=${COMPREPLY[i]#"$kept"}
    done
}

# Complete a comma-separated list: $1 the word so far, then the names; the
# part after the last comma is completed, names already listed are not
# offered again.
_grove_reply_list()
{
    local cur=$1
    shift
    local done_part=''
    [[ $cur == *,* ]] && done_part=${cur%,*},
    local name listed candidates=()
    for name in "$@"; do
        listed=no
        [[ ,$done_part == *",$name,"* ]] && listed=yes
        [[ $listed == no ]] && candidates+=("$done_part$name")
    done
    _grove_reply "$cur" "${candidates[@]}"
}

# File names (with a trailing / for folders); $2 a pattern to keep, e.g.
# "*.lua", folders always kept.
_grove_files()
{
    local cur=$1 pattern=${2-}
    compopt -o filenames 2>/dev/null
    if [[ -n $pattern ]]; then
        mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X "!$pattern" -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    _grove_trim "$cur"
}

# How many words follow option $2 of subcommand $1, in _grove_nargs (0 for
# a flag or a word that is no option).
_grove_option_args()
{
    case $1:$2 in
        play:--players | play:-p | play:--seed | play:-s | play:--variant | play:--variants | play:--bot) _grove_nargs=1 ;;
        play:--set | play:--from | sim:--set | bench:--set | check:--set | list:--options | list:--variant | list:--variants) _grove_nargs=1 ;;
        sim:-n | sim:--players | sim:-p | sim:--seed | sim:-s | sim:--threads | sim:-t | sim:--cap) _grove_nargs=1 ;;
        sim:--variant | sim:--variants | sim:--bots | sim:--bot | sim:--json | sim:--csv | sim:--plot) _grove_nargs=1 ;;
        sim:--compare) _grove_nargs=2 ;;
        sim:--sprt | sim:--records | sim:--shard | sim:--sweep) _grove_nargs=1 ;;
        merge:--json | merge:--csv | merge:--plot) _grove_nargs=1 ;;
        duel:-n | duel:--games | duel:--players | duel:-p | duel:--seed | duel:-s | duel:--threads | duel:-t) _grove_nargs=1 ;;
        duel:--cap | duel:--variant | duel:--variants | duel:--set | duel:--records | duel:--shard) _grove_nargs=1 ;;
        learn:-n | learn:--games | learn:--rounds | learn:--iterations | learn:--threads | learn:-t) _grove_nargs=1 ;;
        learn:--players | learn:-p | learn:--seed | learn:-s | learn:--variant | learn:--variants | learn:--set) _grove_nargs=1 ;;
        learn:-o | learn:--output) _grove_nargs=1 ;;
        bench:--players | bench:-p | bench:--seed | bench:-s | bench:--variant | bench:--variants) _grove_nargs=1 ;;
        bench:--seconds | bench:--playouts | bench:--json | bench:--bots | bench:--games) _grove_nargs=1 ;;
        check:-n | check:--games | check:--players | check:-p | check:--seed | check:-s | check:--cap) _grove_nargs=1 ;;
        check:--variant | check:--variants | check:--bot | check:--reference | check:--threads | check:-t) _grove_nargs=1 ;;
        test:--filter | test:--jobs | test:-j | replay:--game | replay:--html) _grove_nargs=1 ;;
        mutate:-n | mutate:--seed | mutate:-s | mutate:--files | mutate:--threads | mutate:-t) _grove_nargs=1 ;;
        mutate:--fail-under | mutate:--time-factor) _grove_nargs=1 ;;
        show:--players | show:-p | show:--seed | show:-s | show:--variant | show:--variants) _grove_nargs=1 ;;
        show:--set | show:--viewer | show:-o | show:--output) _grove_nargs=1 ;;
        serve:--players | serve:-p | serve:--seed | serve:-s | serve:--variant | serve:--variants) _grove_nargs=1 ;;
        serve:--bot | serve:--set | serve:--port | serve:--listen | serve:--save | serve:--from) _grove_nargs=1 ;;
        *) _grove_nargs=0 ;;
    esac
}

# The options offered after subcommand $1, in _grove_found.
_grove_options()
{
    case $1 in
        play) _grove_found=(--players --seed --variant --bot --set --ascii --from --help) ;;
        sim) _grove_found=(-n --players --seed --variant --bots --threads --cap --json --csv --plot --compare --sprt --coverage --records --shard --resume --set --sweep --help) ;;
        bench) _grove_found=(--players --variant --seed --seconds --playouts --bots --games --set --json --help) ;;
        test) _grove_found=(--verbose --filter --jobs --help) ;;
        mutate) _grove_found=(-n --seed --files --threads --fail-under --time-factor --list --verbose --help) ;;
        replay) _grove_found=(--verbose --check --game --html --help) ;;
        check) _grove_found=(-n --players --variant --seed --cap --set --bots --bot --reference --threads --help) ;;
        duel) _grove_found=(-n --players --variant --set --seed --threads --cap --sprt --records --shard --resume --help) ;;
        learn) _grove_found=(--games --rounds --iterations --threads --players --variant --set --seed -o --help) ;;
        list) _grove_found=(--options --variant --help) ;;
        run | new | help) _grove_found=(--help) ;;
        merge) _grove_found=(--json --csv --plot --help) ;;
        show) _grove_found=(--players --seed --variant --set --viewer -o --help) ;;
        serve) _grove_found=(--players --bot --variant --set --seed --save --from --port --listen --help) ;;
        *) _grove_found=() ;;
    esac
}

_grove()
{
    local _grove_words _grove_cword _grove_listed=no _grove_listing='' _grove_found=()
    _grove_split_words
    local cur=${_grove_words[_grove_cword]}
    COMPREPLY=()

    if ((_grove_cword == 1)); then
        if [[ $cur == -* ]]; then
            _grove_reply "$cur" --help --version
        else
            _grove_subcommands
            _grove_reply "$cur" "${_grove_found[@]}"
        fi
        return
    fi
    local sub=${_grove_words[1]}

    # Read the words after the subcommand: the game (the first word that is
    # no option nor an option's value, wherever the cursor is), --players,
    # and, before the cursor, the option whose value the cursor is on.
    local game='' players='' variants='' positionals=0 option=''
    local i word _grove_nargs
    for ((i = 2; i < ${#_grove_words[@]}; i++)); do
        ((i == _grove_cword)) && continue
        word=${_grove_words[i]}
        _grove_option_args "$sub" "$word"
        if ((_grove_nargs > 0)); then
            if ((i < _grove_cword && i + _grove_nargs >= _grove_cword)); then
                option=$word
            fi
            if [[ $word == --players || $word == -p ]]; then
                players=${_grove_words[i + 1]-}
            fi
            if [[ $word == --variant || $word == --variants ]] && ((i + 1 != _grove_cword)); then
                variants=${_grove_words[i + 1]-}
            fi
            if [[ $word == --options ]] && ((i + 1 != _grove_cword)); then
                game=${_grove_words[i + 1]-}
            fi
            i=$((i + _grove_nargs))
        elif [[ $word != -* ]]; then
            [[ -z $game ]] && game=$word
            ((i < _grove_cword)) && positionals=$((positionals + 1))
        fi
    done

    # the value of an option
    if [[ -n $option ]]; then
        case $sub:$option in
            *:--variant | *:--variants)
                _grove_variants "$game"
                _grove_reply_list "$cur" "${_grove_found[@]}"
                ;;
            sim:--compare)
                # each of the two lists, or - for none
                _grove_variants "$game"
                if [[ $cur == *,* ]]; then
                    _grove_reply_list "$cur" "${_grove_found[@]}"
                else
                    _grove_reply_list "$cur" - "${_grove_found[@]}"
                fi
                ;;
            play:--bot | serve:--bot)
                # SEAT=KIND: the seats first, then the kinds after the =
                if [[ $cur == *=* ]]; then
                    local seat=${cur%%=*}
                    _grove_reply "$cur" "$seat=random" "$seat=greedy" "$seat=mcts"
                else
                    local last=4 n seats=()
                    if [[ $players =~ ^[0-9]+$ ]]; then
                        last=$players
                    elif [[ -n $game ]]; then
                        _grove_player_counts "$game"
                        ((${#_grove_found[@]} > 0)) && last=${_grove_found[-1]}
                    fi
                    for ((n = 1; n <= last; n++)); do
                        seats+=("$n=")
                    done
                    compopt -o nospace 2>/dev/null
                    _grove_reply "$cur" "${seats[@]}"
                fi
                ;;
            sim:--bots | sim:--bot | bench:--bots | check:--bot | check:--reference)
                _grove_reply_list "$cur" random greedy mcts
                ;;
            *:--set)
                # NAME= from the game's declared options, then the value is the user's
                if [[ $cur != *=* ]]; then
                    _grove_game_options "$game" "$variants"
                    compopt -o nospace 2>/dev/null
                    _grove_reply "$cur" "${_grove_found[@]}"
                fi
                ;;
            sim:--sweep)
                # NAME= from the game's options, or players=; then the values are the user's
                if [[ $cur != *=* ]]; then
                    _grove_game_options "$game" "$variants"
                    _grove_found+=(players=)
                    compopt -o nospace 2>/dev/null
                    _grove_reply "$cur" "${_grove_found[@]}"
                fi
                ;;
            list:--options)
                _grove_games
                _grove_reply "$cur" "${_grove_found[@]}"
                ;;
            sim:--sprt)
                # first, winN, scoreN and length for the seats of the game
                local last=2 n measures=(first)
                if [[ $players =~ ^[0-9]+$ ]]; then
                    last=$players
                elif [[ -n $game ]]; then
                    _grove_player_counts "$game"
                    ((${#_grove_found[@]} > 0)) && last=${_grove_found[0]}
                fi
                for ((n = 1; n <= last; n++)); do
                    measures+=("win$n")
                done
                measures+=(length)
                for ((n = 1; n <= last; n++)); do
                    measures+=("score$n")
                done
                _grove_reply "$cur" "${measures[@]}"
                ;;
            *:--players | *:-p)
                [[ -n $game ]] && _grove_player_counts "$game"
                _grove_reply "$cur" "${_grove_found[@]}"
                ;;
            *:--json | *:--csv | *:--plot | *:--html | play:--from | serve:--from | serve:--save | show:-o | show:--output)
                _grove_files "$cur"
                ;;
            mutate:--files)
                # the game's rule files: the *.lua of its folder outside tests/
                local program dir rules=()
                program=$(_grove_program)
                if [[ -n $program && -n $game ]]; then
                    while IFS= read -r dir; do
                        rules+=("$dir")
                    done < <("$program" mutate "$game" --list -n 1 2>/dev/null |
                             sed -n '1s/^grove mutate [^:]*: .* places in \(.*\) (seed [0-9]*)$/\1/p' |
                             tr ',' '\n' | sed -E 's/^ +//; s#^(scripts/)?[^/]+/##')
                fi
                _grove_reply_list "$cur" "${rules[@]}"
                ;;
            serve:--listen)
                _grove_reply "$cur" 127.0.0.1 0.0.0.0 ::1
                ;;
        esac
        return
    fi

    if [[ $cur == -* ]]; then
        _grove_options "$sub"
        _grove_reply "$cur" "${_grove_found[@]}"
        return
    fi

    case $sub in
        show)
            # a game's name, or a save file
            if [[ -z $game ]]; then
                local files
                _grove_files "$cur"
                files=("${COMPREPLY[@]}")
                _grove_games
                _grove_reply "$cur" "${_grove_found[@]}"
                COMPREPLY+=("${files[@]}")
            fi
            ;;
        play | sim | bench | serve | mutate | learn)
            if [[ -z $game ]]; then
                _grove_games
                _grove_reply "$cur" "${_grove_found[@]}"
            fi
            ;;
        duel)
            # the game, then the bots (a bot's parameters, split at : and =, are the user's)
            if [[ -z $game ]]; then
                _grove_games
                _grove_reply "$cur" "${_grove_found[@]}"
            elif [[ ${_grove_words[_grove_cword - 1]} != [:=,] ]]; then
                _grove_reply "$cur" random greedy mcts
            fi
            ;;
        check)
            # one game or more
            _grove_games
            _grove_reply "$cur" "${_grove_found[@]}"
            ;;
        test)
            # a game's name, or a test file or folder
            local files
            _grove_files "$cur"
            files=("${COMPREPLY[@]}")
            _grove_games
            _grove_reply "$cur" "${_grove_found[@]}"
            COMPREPLY+=("${files[@]}")
            ;;
        run)
            if ((positionals == 0)); then
                _grove_files "$cur" "*.lua"
            else
                _grove_files "$cur"
            fi
            ;;
        replay)
            ((positionals == 0)) && _grove_files "$cur"
            ;;
        merge)
            _grove_files "$cur" "*.jsonl"
            ;;
        help)
            # the topics, as grove help topics lists them
            if ((positionals == 0)); then
                local topics
                topics=$("${_grove_words[0]}" help topics 2>/dev/null | sed -n 's/^  \([a-z]*\) .*/\1/p')
                # shellcheck disable=SC2086
                _grove_reply "$cur" topics $topics
            fi
            ;;
    esac
}

complete -F _grove grove
