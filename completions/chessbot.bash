_chessbot() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="chessbot"
                ;;
            chessbot,analyze)
                cmd="chessbot__subcmd__analyze"
                ;;
            chessbot,autoplay)
                cmd="chessbot__subcmd__autoplay"
                ;;
            chessbot,bench)
                cmd="chessbot__subcmd__bench"
                ;;
            chessbot,bestmove)
                cmd="chessbot__subcmd__bestmove"
                ;;
            chessbot,book)
                cmd="chessbot__subcmd__book"
                ;;
            chessbot,completions)
                cmd="chessbot__subcmd__completions"
                ;;
            chessbot,help)
                cmd="chessbot__subcmd__help"
                ;;
            chessbot,nnue)
                cmd="chessbot__subcmd__nnue"
                ;;
            chessbot,perft)
                cmd="chessbot__subcmd__perft"
                ;;
            chessbot,play)
                cmd="chessbot__subcmd__play"
                ;;
            chessbot,recognize)
                cmd="chessbot__subcmd__recognize"
                ;;
            chessbot,selfplay)
                cmd="chessbot__subcmd__selfplay"
                ;;
            chessbot,tune)
                cmd="chessbot__subcmd__tune"
                ;;
            chessbot,uci)
                cmd="chessbot__subcmd__uci"
                ;;
            chessbot,vision)
                cmd="chessbot__subcmd__vision"
                ;;
            chessbot__subcmd__book,build)
                cmd="chessbot__subcmd__book__subcmd__build"
                ;;
            chessbot__subcmd__book,help)
                cmd="chessbot__subcmd__book__subcmd__help"
                ;;
            chessbot__subcmd__book,probe)
                cmd="chessbot__subcmd__book__subcmd__probe"
                ;;
            chessbot__subcmd__book__subcmd__help,build)
                cmd="chessbot__subcmd__book__subcmd__help__subcmd__build"
                ;;
            chessbot__subcmd__book__subcmd__help,help)
                cmd="chessbot__subcmd__book__subcmd__help__subcmd__help"
                ;;
            chessbot__subcmd__book__subcmd__help,probe)
                cmd="chessbot__subcmd__book__subcmd__help__subcmd__probe"
                ;;
            chessbot__subcmd__help,analyze)
                cmd="chessbot__subcmd__help__subcmd__analyze"
                ;;
            chessbot__subcmd__help,autoplay)
                cmd="chessbot__subcmd__help__subcmd__autoplay"
                ;;
            chessbot__subcmd__help,bench)
                cmd="chessbot__subcmd__help__subcmd__bench"
                ;;
            chessbot__subcmd__help,bestmove)
                cmd="chessbot__subcmd__help__subcmd__bestmove"
                ;;
            chessbot__subcmd__help,book)
                cmd="chessbot__subcmd__help__subcmd__book"
                ;;
            chessbot__subcmd__help,completions)
                cmd="chessbot__subcmd__help__subcmd__completions"
                ;;
            chessbot__subcmd__help,help)
                cmd="chessbot__subcmd__help__subcmd__help"
                ;;
            chessbot__subcmd__help,nnue)
                cmd="chessbot__subcmd__help__subcmd__nnue"
                ;;
            chessbot__subcmd__help,perft)
                cmd="chessbot__subcmd__help__subcmd__perft"
                ;;
            chessbot__subcmd__help,play)
                cmd="chessbot__subcmd__help__subcmd__play"
                ;;
            chessbot__subcmd__help,recognize)
                cmd="chessbot__subcmd__help__subcmd__recognize"
                ;;
            chessbot__subcmd__help,selfplay)
                cmd="chessbot__subcmd__help__subcmd__selfplay"
                ;;
            chessbot__subcmd__help,tune)
                cmd="chessbot__subcmd__help__subcmd__tune"
                ;;
            chessbot__subcmd__help,uci)
                cmd="chessbot__subcmd__help__subcmd__uci"
                ;;
            chessbot__subcmd__help,vision)
                cmd="chessbot__subcmd__help__subcmd__vision"
                ;;
            chessbot__subcmd__help__subcmd__book,build)
                cmd="chessbot__subcmd__help__subcmd__book__subcmd__build"
                ;;
            chessbot__subcmd__help__subcmd__book,probe)
                cmd="chessbot__subcmd__help__subcmd__book__subcmd__probe"
                ;;
            chessbot__subcmd__help__subcmd__nnue,gen)
                cmd="chessbot__subcmd__help__subcmd__nnue__subcmd__gen"
                ;;
            chessbot__subcmd__help__subcmd__nnue,train)
                cmd="chessbot__subcmd__help__subcmd__nnue__subcmd__train"
                ;;
            chessbot__subcmd__help__subcmd__vision,bench)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__bench"
                ;;
            chessbot__subcmd__help__subcmd__vision,dataset)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__dataset"
                ;;
            chessbot__subcmd__help__subcmd__vision,eval)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__eval"
                ;;
            chessbot__subcmd__help__subcmd__vision,eval-glyphs)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__eval__subcmd__glyphs"
                ;;
            chessbot__subcmd__help__subcmd__vision,eval-prior)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__eval__subcmd__prior"
                ;;
            chessbot__subcmd__help__subcmd__vision,fit-prior)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__fit__subcmd__prior"
                ;;
            chessbot__subcmd__help__subcmd__vision,render)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__render"
                ;;
            chessbot__subcmd__help__subcmd__vision,train)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__train"
                ;;
            chessbot__subcmd__help__subcmd__vision,train-glyphs)
                cmd="chessbot__subcmd__help__subcmd__vision__subcmd__train__subcmd__glyphs"
                ;;
            chessbot__subcmd__nnue,gen)
                cmd="chessbot__subcmd__nnue__subcmd__gen"
                ;;
            chessbot__subcmd__nnue,help)
                cmd="chessbot__subcmd__nnue__subcmd__help"
                ;;
            chessbot__subcmd__nnue,train)
                cmd="chessbot__subcmd__nnue__subcmd__train"
                ;;
            chessbot__subcmd__nnue__subcmd__help,gen)
                cmd="chessbot__subcmd__nnue__subcmd__help__subcmd__gen"
                ;;
            chessbot__subcmd__nnue__subcmd__help,help)
                cmd="chessbot__subcmd__nnue__subcmd__help__subcmd__help"
                ;;
            chessbot__subcmd__nnue__subcmd__help,train)
                cmd="chessbot__subcmd__nnue__subcmd__help__subcmd__train"
                ;;
            chessbot__subcmd__vision,bench)
                cmd="chessbot__subcmd__vision__subcmd__bench"
                ;;
            chessbot__subcmd__vision,dataset)
                cmd="chessbot__subcmd__vision__subcmd__dataset"
                ;;
            chessbot__subcmd__vision,eval)
                cmd="chessbot__subcmd__vision__subcmd__eval"
                ;;
            chessbot__subcmd__vision,eval-glyphs)
                cmd="chessbot__subcmd__vision__subcmd__eval__subcmd__glyphs"
                ;;
            chessbot__subcmd__vision,eval-prior)
                cmd="chessbot__subcmd__vision__subcmd__eval__subcmd__prior"
                ;;
            chessbot__subcmd__vision,fit-prior)
                cmd="chessbot__subcmd__vision__subcmd__fit__subcmd__prior"
                ;;
            chessbot__subcmd__vision,help)
                cmd="chessbot__subcmd__vision__subcmd__help"
                ;;
            chessbot__subcmd__vision,render)
                cmd="chessbot__subcmd__vision__subcmd__render"
                ;;
            chessbot__subcmd__vision,train)
                cmd="chessbot__subcmd__vision__subcmd__train"
                ;;
            chessbot__subcmd__vision,train-glyphs)
                cmd="chessbot__subcmd__vision__subcmd__train__subcmd__glyphs"
                ;;
            chessbot__subcmd__vision__subcmd__help,bench)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__bench"
                ;;
            chessbot__subcmd__vision__subcmd__help,dataset)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__dataset"
                ;;
            chessbot__subcmd__vision__subcmd__help,eval)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__eval"
                ;;
            chessbot__subcmd__vision__subcmd__help,eval-glyphs)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__eval__subcmd__glyphs"
                ;;
            chessbot__subcmd__vision__subcmd__help,eval-prior)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__eval__subcmd__prior"
                ;;
            chessbot__subcmd__vision__subcmd__help,fit-prior)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__fit__subcmd__prior"
                ;;
            chessbot__subcmd__vision__subcmd__help,help)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__help"
                ;;
            chessbot__subcmd__vision__subcmd__help,render)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__render"
                ;;
            chessbot__subcmd__vision__subcmd__help,train)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__train"
                ;;
            chessbot__subcmd__vision__subcmd__help,train-glyphs)
                cmd="chessbot__subcmd__vision__subcmd__help__subcmd__train__subcmd__glyphs"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        chessbot)
            opts="-h -V --help --version perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__analyze)
            opts="-o -h -V --engine --depth --movetime --hash --threads --output --json --plot --show --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --engine)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --movetime)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hash)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --show)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__autoplay)
            opts="-h -V --color --monitor --region --movetime --depth --level --engine --input --click --promotion --turn --dry-run --debug-dir --max-moves --pgn-out --poll --settle --opponent-timeout --record --replay --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto white black" -- "${cur}"))
                    return 0
                    ;;
                --monitor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --region)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --movetime)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --level)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -W "auto drag click" -- "${cur}"))
                    return 0
                    ;;
                --promotion)
                    COMPREPLY=($(compgen -W "auto none column" -- "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -W "white black" -- "${cur}"))
                    return 0
                    ;;
                --debug-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pgn-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --settle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --opponent-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --record)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --replay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__bench)
            opts="-h -V --threads --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__bestmove)
            opts="-h -V --depth --movetime --nodes --hash --threads --book --no-book --seed --json --chess960 --variant --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --movetime)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nodes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hash)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --book)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "chess alice" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book)
            opts="-h -V --help --version build probe help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__build)
            opts="-o -h -V --output --max-ply --min-games --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__help)
            opts="build probe help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__help__subcmd__build)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__help__subcmd__probe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__book__subcmd__probe)
            opts="-h -V --book --chess960 --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --book)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__completions)
            opts="-h -V --help --version bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help)
            opts="perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__analyze)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__autoplay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__bench)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__bestmove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__book)
            opts="build probe"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__book__subcmd__build)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__book__subcmd__probe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__nnue)
            opts="gen train"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__nnue__subcmd__gen)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__nnue__subcmd__train)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__perft)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__play)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__recognize)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__selfplay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__tune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__uci)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision)
            opts="train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__bench)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__dataset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__eval)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__eval__subcmd__glyphs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__eval__subcmd__prior)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__fit__subcmd__prior)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__render)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__train)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__help__subcmd__vision__subcmd__train__subcmd__glyphs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue)
            opts="-h -V --help --version gen train help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__gen)
            opts="-j -h -V --engine --engine-arg --nodes --positions --concurrency --seed --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --engine)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nodes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__help)
            opts="gen train help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__help__subcmd__gen)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__help__subcmd__train)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__nnue__subcmd__train)
            opts="-h -V --data --seed --epochs --batch --lr --score-weight --buckets --out --checkpoint --init --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --epochs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --score-weight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --buckets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --checkpoint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --init)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__perft)
            opts="-h -V --fen --divide --chess960 --variant --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --fen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "chess alice" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__play)
            opts="-h -V --color --movetime --depth --level --threads --engine --engine-arg --elo --engine-option --fen --pgn --chess960 --tc --pgn-out --ascii --seed --variant --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "white black random" -- "${cur}"))
                    return 0
                    ;;
                --movetime)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --level)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --elo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine-option)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pgn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tc)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pgn-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "chess alice" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__recognize)
            opts="-h -V --all --region --orientation --turn --json --debug --model --held-out --networks --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --region)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black" -- "${cur}"))
                    return 0
                    ;;
                --turn)
                    COMPREPLY=($(compgen -W "w b" -- "${cur}"))
                    return 0
                    ;;
                --debug)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --networks)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__selfplay)
            opts="-n -j -h -V --white --black --gauntlet --vs --players --games --tc --movetime --depth --nodes --time-margin --openings --order --plies --concurrency --draw --resign --max-moves --seed --pgn --sprt --event --json --variant --random-plies --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --white)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --black)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --gauntlet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --vs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --players)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tc)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --movetime)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nodes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --time-margin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --openings)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "sequential random" -- "${cur}"))
                    return 0
                    ;;
                --plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --draw)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resign)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pgn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sprt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "chess alice" -- "${cur}"))
                    return 0
                    ;;
                --random-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__tune)
            opts="-h -V --data --seed --epochs --batch --lr --score-weight --only --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --epochs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --score-weight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --only)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__uci)
            opts="-h -V --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision)
            opts="-h -V --help --version train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__bench)
            opts="-h -V --pieces --boards --seed --positions --size --sets --real --model --networks --failures --keep --repeats --leave-out --crop --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -W "games mixed" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sets)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --real)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --networks)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --repeats)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --leave-out)
                    COMPREPLY=($(compgen -W "arrows move-dots highlights check shadow blur jpeg scale recolour" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__dataset)
            opts="-h -V --pieces --seed --all-sets --flat-share --extra-pieces --extra-share --low-contrast-share --3d-share --arrow-share --tint-share --mark-share --max-square --boards --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --flat-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --extra-pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --extra-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --low-contrast-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --3d-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --arrow-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tint-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mark-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-square)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__eval)
            opts="-h -V --pieces --model --networks --boards --seed --positions --all-sets --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --networks)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -W "games mixed" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__eval__subcmd__glyphs)
            opts="-h -V --pieces --fonts --model --boards --seed --all-fonts --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fonts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__eval__subcmd__prior)
            opts="-h -V --pgn --positions --prior --all --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pgn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --prior)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__fit__subcmd__prior)
            opts="-h -V --pgn --positions --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pgn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --positions)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help)
            opts="train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__bench)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__dataset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__eval)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__eval__subcmd__glyphs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__eval__subcmd__prior)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__fit__subcmd__prior)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__render)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__train)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__help__subcmd__train__subcmd__glyphs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__render)
            opts="-h -V --pieces --set --fen --seed --plain --flip --mirror --flat --low-contrast --tint --marks --last-move --screenshot --labels --page-text --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plain)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --last-move)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --screenshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --labels)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__train)
            opts="-h -V --pieces --seed --all-sets --flat-share --extra-pieces --extra-share --low-contrast-share --3d-share --arrow-share --tint-share --mark-share --max-square --epochs --boards --batch --lr --eval-boards --init --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --flat-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --extra-pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --extra-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --low-contrast-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --3d-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --arrow-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tint-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mark-share)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-square)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --epochs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --eval-boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --init)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        chessbot__subcmd__vision__subcmd__train__subcmd__glyphs)
            opts="-h -V --pieces --fonts --seed --boards --epochs --batch --lr --eval-boards --all-fonts --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fonts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --epochs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --eval-boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _chessbot -o nosort -o bashdefault -o default chessbot
else
    complete -F _chessbot -o bashdefault -o default chessbot
fi
