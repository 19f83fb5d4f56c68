# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_chessbot_global_optspecs
    string join \n h/help V/version
end

function __fish_chessbot_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_chessbot_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_chessbot_using_subcommand
    set -l cmd (__fish_chessbot_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c chessbot -n "__fish_chessbot_needs_command" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_needs_command" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (move generator check and speed test)'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "uci" -d 'Run as a UCI engine on stdin/stdout (for chess GUIs, cutechess-cli, python-chess)'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "play" -d 'Play a game in the terminal against our engine or a UCI engine such as Stockfish'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "autoplay" -d 'Play on an on-screen chessboard (a local GUI) with screen capture and the mouse'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "selfplay" -d 'Play matches between built-in players and UCI engines, with PGN, Elo and SPRT'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "book" -d 'Build Polyglot opening books from games, or list a position\'s book moves'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "bestmove" -d 'Search a position with our engine and print the best move, score and principal variation'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "bench" -d 'Search a fixed list of positions to a fixed depth: a deterministic node count and speed'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "analyze" -d 'Review games with our engine or Stockfish: annotated PGN, mistakes, accuracy'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "recognize" -d 'Read chess positions (FEN) from screenshots of boards'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "vision" -d 'Square classifier: train, measure, render training boards'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "nnue" -d 'Evaluation network: train it on scored positions'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "tune" -d 'Tune the hand-written evaluation\'s weights on scored positions (Texel tuning)'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c chessbot -n "__fish_chessbot_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -l fen -d 'Start position (default: the standard initial position)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -l variant -d 'The rules: standard chess, or Alice chess (pieces on board B marked \'|\' in the FEN)' -r -f -a "chess\t'Standard chess (Chess960 where the command has `--chess960`)'
alice\t'Alice chess: two boards, every move passes to the other board (FEN marks board-B pieces with \'|\')'"
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -l divide -d 'Print the count under each root move as well'
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -l chess960 -d 'Read castling rights as Chess960 (Shredder-FEN or X-FEN)'
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand perft" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand uci" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand uci" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l color -d 'Which side you play' -r -f -a "white\t'Play White'
black\t'Play Black'
random\t'Toss a coin'"
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l movetime -d 'The engine searches this many milliseconds per move (default 1000 when no other limit)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l depth -d 'The engine searches to this depth (plies)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l level -d 'Our engine\'s level, 1 (beginner) to 10 (full strength, the default): lower levels search less and make plausible mistakes, never random moves' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l threads -d 'Search threads of our engine (Lazy SMP); an external engine takes `--engine-option Threads=N`' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l engine -d 'Play an external UCI engine: `stockfish` (looked up on PATH, then /usr/games), a path, or a selfplay player spec `uci:PROGRAM?arg=ARG&OPTION=VALUE`' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l engine-arg -d 'A command-line argument for the external engine (repeatable), e.g. --engine-arg --uci for GNU Chess' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l elo -d 'Limit the opponent\'s strength to about this Elo: an external engine\'s UCI_LimitStrength (below Stockfish\'s 1320 minimum, Skill Level instead), or our engine\'s own limit (800 to 2800, full strength at the top), as --level does' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l engine-option -d 'Set a UCI option of the external engine (repeatable)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l fen -d 'Start from this position' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l pgn -d 'Continue the (first) game of this PGN file' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l tc -d 'Time control as in selfplay (cutechess-cli\'s tc): [MOVES/]SECONDS[+INCREMENT] in seconds, e.g. 300+3 (or 5m+3) or 40/600; clocks are shown and flags fall' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l pgn-out -d 'Write the game as PGN here when it ends (or input ends, or you quit)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l seed -d 'Seed for the random choices (colour, Chess960 position)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l variant -d 'The rules: standard chess, or Alice chess (two boards drawn side by side)' -r -f -a "chess\t'Standard chess (Chess960 where the command has `--chess960`)'
alice\t'Alice chess: two boards, every move passes to the other board (FEN marks board-B pieces with \'|\')'"
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l chess960 -d 'Chess960: a random start position (or read --fen castling as Chess960)'
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -l ascii -d 'Draw the board in plain ASCII (also when NO_COLOR is set or stdout is not a terminal)'
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand play" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l color -d 'Our side: auto takes the side at the bottom of the board' -r -f -a "auto\t'The side at the bottom of the board'
white\t'White'
black\t'Black'"
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l monitor -d 'The monitor to capture (0 = the first)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l region -d 'Capture only this rectangle of the screen (logical pixels)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l movetime -d 'Our engine searches this long per move (default 1000 ms when no other limit is given)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l depth -d 'Our engine searches to this depth' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l level -d 'Our engine\'s level, 1 (beginner) to 10 (full strength)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l engine -d 'Choose moves with this UCI engine instead of ours (`stockfish` or a path)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l input -d 'How moves are entered: auto tries a drag, then clicks, and keeps what the GUI takes' -r -f -a "auto\t'A drag first; where the GUI does not take it, clicks; what works is kept'
drag\t'Press on the piece, release on the target square'
click\t'Click the piece, then the target square'"
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l promotion -d 'How the GUI asks for the promotion piece' -r -f -a "auto\t'Find the GUI\'s chooser by its four piece icons, wherever it is drawn (a column over the board, a dialog, a menu); a GUI that promotes to a queen by itself is followed'
none\t'The GUI promotes without asking (XBoard with "always queen", many GUIs)'
column\t'A column of pieces on the promotion file, queen first (lichess/chessground style), clicked without looking'"
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l turn -d 'The side to move when the board first seen is not the start and does not show whose turn it is (no last-move highlight, no check)' -r -f -a "white\t'White is to move'
black\t'Black is to move'"
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l debug-dir -d 'Write each frame\'s reading (grid and labels) here, for --dry-run checks' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l max-moves -d 'Stop after this many of our moves' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l pgn-out -d 'Save the game as PGN here when the run ends' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l poll -d 'Milliseconds between screen captures' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l settle -d 'Milliseconds the board must stand still before it is read (GUIs slide pieces)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l opponent-timeout -d 'Seconds to wait for the opponent\'s move before the run ends (the GUI\'s engine may have died); the game so far is saved' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l record -d 'Save every frame captured here, named with its capture time, for `--replay`' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l replay -d 'Replay a folder of screenshots (PNG, in name order) instead of the screen; mouse actions are printed, never performed' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l click -d 'The same as `--input click`'
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -l dry-run -d 'Move nothing: print what would be played'
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand autoplay" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l white -d 'White\'s player in a two-player match (colours alternate game by game)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l black -d 'Black\'s player in a two-player match' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l gauntlet -d 'The player of a gauntlet, against each of --vs' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l vs -d 'The opponents in a gauntlet' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l players -d 'A round-robin between these players' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -s n -l games -d 'Games per pairing' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l tc -d 'Chess clock, as cutechess-cli\'s tc: [MOVES/]SECONDS[+INCREMENT] in seconds (e.g. 10+0.1, 40/60, 40/60+0.6; 5m+3 for minutes)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l movetime -d 'Fixed time per move in milliseconds' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l depth -d 'Fixed depth per move (for players that search)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l nodes -d 'Node budget per move (for players that search)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l time-margin -d 'Milliseconds a clock may go below zero before the flag falls' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l openings -d 'Openings: an EPD file (one position a line) or a PGN file (.pgn), standard chess. Without it, each pair of games opens with a weighted walk of --plies moves (8) through the embedded GNU Chess book, different for each pair' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l order -d 'Opening order' -r -f -a "sequential\t'In file order'
random\t'Shuffled with the seed'"
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l plies -d 'Plies of each opening line: of a PGN opening file (all by default), or of the book walk when no --openings are given (8 by default)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -s j -l concurrency -d 'Games played at the same time (threads)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l draw -d 'Draw adjudication MOVENUMBER,MOVECOUNT,SCORE: from move MOVENUMBER on, draw once both players\' scores stay within SCORE centipawns for MOVECOUNT moves each' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l resign -d 'Resign adjudication MOVECOUNT,SCORE: a player whose score stays at or below -SCORE centipawns for MOVECOUNT moves loses' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l max-moves -d 'Draw games that reach this many moves (full moves, opening included)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l seed -d 'Seed of all randomness (random by default, printed in the report)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l pgn -d 'Write games to this PGN file (replaced), flushed game by game' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l sprt -d 'SPRT ELO0,ELO1,ALPHA,BETA: stop once H0 or H1 is accepted (two players only)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l event -d 'PGN Event tag' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l variant -d 'The rules: standard chess, or Alice chess (among random, material, classic and engine; the report then lists every game and a score line per pairing)' -r -f -a "chess\t'Standard chess (Chess960 where the command has `--chess960`)'
alice\t'Alice chess: two boards, every move passes to the other board (FEN marks board-B pieces with \'|\')'"
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l random-plies -d 'Random plies from the initial position that open each pair of games, instead of book openings (default 4 for Alice; 0 starts every game from the initial position)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -l json -d 'Print the report as JSON'
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand selfplay" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and not __fish_seen_subcommand_from build probe help" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and not __fish_seen_subcommand_from build probe help" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and not __fish_seen_subcommand_from build probe help" -f -a "build" -d 'Build a Polyglot book from the games of a PGN file (weights from results)'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and not __fish_seen_subcommand_from build probe help" -f -a "probe" -d 'List the book moves of a position with their weights'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and not __fish_seen_subcommand_from build probe help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from build" -s o -l output -d 'Where to write the book' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from build" -l max-ply -d 'Only the first N plies of each game' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from build" -l min-games -d 'Only moves played in at least N games' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from build" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from build" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from probe" -l book -d 'Polyglot book to read (default: the embedded GNU Chess book)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from probe" -l chess960 -d 'Read castling rights as Chess960'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from probe" -l json -d 'Print JSON instead of a table'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from probe" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from probe" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "build" -d 'Build a Polyglot book from the games of a PGN file (weights from results)'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "probe" -d 'List the book moves of a position with their weights'
complete -c chessbot -n "__fish_chessbot_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l depth -d 'Search to this depth (plies)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l movetime -d 'Search for this many milliseconds (default 1000 when no limit is given)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l nodes -d 'Search about this many nodes' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l hash -d 'Transposition table size in megabytes' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l threads -d 'Search threads (Lazy SMP). One thread is reproducible under depth and node limits; more search further in the same time, but their results vary from run to run' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l book -d 'Answer from an opening book when the position is in it: `--book` for the embedded GNU Chess book, `--book=FILE` for a Polyglot file. Out of the book, the engine searches' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l seed -d 'Seed of the weighted choice among book moves (default: a random one)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l variant -d 'The rules: standard chess, or Alice chess (pieces on board B marked \'|\' in the FEN)' -r -f -a "chess\t'Standard chess (Chess960 where the command has `--chess960`)'
alice\t'Alice chess: two boards, every move passes to the other board (FEN marks board-B pieces with \'|\')'"
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l no-book -d 'Never use a book (the default; overrides an earlier --book)'
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l json -d 'Print one JSON object instead of text'
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -l chess960 -d 'Read castling rights as Chess960 (Shredder-FEN or X-FEN)'
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand bestmove" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand bench" -l threads -d 'Search threads (Lazy SMP); above 1 the node count is not reproducible' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand bench" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand bench" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l engine -d 'The engine: ours (default), `stockfish`, or the path of any UCI engine' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l depth -d 'Search each position to this depth (plies; default 8)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l movetime -d 'Search each position for this many milliseconds' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l hash -d 'Transposition table size of our engine in megabytes' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l threads -d 'Search threads of our engine (Lazy SMP); an external engine takes its own Threads option. One thread gives the same review every run under --depth; more do not' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -s o -l output -d 'Write the annotated PGN to this file instead of stdout' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l plot -d 'Draw the evaluation graph (mistakes marked) to this PNG; with several games, one image per game named FILE-N.png after the game\'s number' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l show -d 'Print the board after one move (`23w`, `23b`) of a single game, with the evaluation and the engine\'s best line, instead of the whole review' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -l json -d 'Print one JSON object (every move\'s evaluation and class, per-player summaries) on stdout instead of the annotated PGN and text summary'
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand analyze" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l region -d 'The board\'s 8x8 squares are at X,Y with size WxH pixels (skips the search)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l orientation -d 'Which side is at the bottom of the image (default: detected)' -r -f -a "white\t'White at the bottom'
black\t'Black at the bottom'"
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l turn -d 'Side to move (default: the only side that can be to move, else the side a last-move highlight names: the other side than the piece on the two tinted squares, else white)' -r -f -a "w\t'White to move'
b\t'Black to move'"
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l debug -d 'Write the image with the found grid and square labels drawn on it to FILE (with several images, FILE-1.png, FILE-2.png, ... in argument order)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l model -d 'Classifier weights to use instead of the built-in ones (a safetensors file written by `chessbot vision train`); given more than once, the networks are read together and their probabilities averaged' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l networks -d 'Folder holding the held-out networks (held-out*.safetensors) for --held-out [default: assets/vision, relative to the current directory: the root of a checkout]' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l all -d 'Read every board found, largest first, searching more thoroughly (slower); without it, the first board the quick search finds'
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l json -d 'Print one JSON object per image: per-square class and confidence, board box, orientation, what the side to move was decided from, the last move\'s tinted cells and timing'
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -l held-out -d 'Read with the networks trained without the benchmark\'s held-out piece sets, as `chessbot vision bench` reads (to look into a screenshot it kept with --failures). They are not built in: they are read from --networks'
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand recognize" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "train" -d 'Train the square classifier on boards rendered from the training piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "dataset" -d 'Write the crops that training draws to a file, for trainers outside the binary'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "eval" -d 'Measure a square classifier on rendered boards of the held-out (or all) piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "render" -d 'Render a board (or a whole screenshot around it) to an image file'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "bench" -d 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "train-glyphs" -d 'Train the label reader\'s glyph network on coordinate labels rendered in many fonts'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "eval-glyphs" -d 'Measure a glyph network on labels in the held-out (or all) font families'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "fit-prior" -d 'Fit the orientation\'s position prior to the positions of games'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "eval-prior" -d 'Measure an orientation prior on the positions of games, shown either way up'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and not __fish_seen_subcommand_from train dataset eval render bench train-glyphs eval-glyphs fit-prior eval-prior help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l seed -d 'Seed of every random choice (positions, styles, weights, batch order)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l flat-share -d 'Share of boards (0 to 1) whose pieces are drawn flat, their shape alone (the shipped networks use 0)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l extra-pieces -d 'Another folder of piece sets, always trained on (repeatable; names must differ from the sets of --pieces), e.g. the pychess sets that `assets/vision/extra-pieces.sh` unpacks' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l extra-share -d 'Share of boards (0 to 1) drawn with an --extra-pieces set (needs --extra-pieces)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l low-contrast-share -d 'Share of boards (0 to 1) with one kind of square in nearly the colour of one side\'s pieces (black pieces on near-black dark squares, white ones on near-white light ones)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l 3d-share -d 'Share (0 to 1) of the boards drawn with a set of --pieces that use a staunton3d set (0: uniform among set families, about one in twenty)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l arrow-share -d 'Share of boards (0 to 1) with one to three more arrows laid over pieces, in a random strong colour 0.4-0.9 opaque' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l tint-share -d 'Share of boards (0 to 1) whose pieces (one side\'s or both) are recoloured in a random hue: wooden, red or blue pieces' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l mark-share -d 'Share of boards (0 to 1) whose last move is marked by shapes, as PyChess marks it: a star on the empty square a piece left, wedges in the corners of the one it went to' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l max-square -d 'Draw only boards with squares up to this many pixels (from 14; default: 14-120, and one board in ten at 120-260)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l epochs -d 'Passes over freshly rendered boards' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l boards -d 'Boards rendered per epoch' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l batch -d 'Crops per optimiser step' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l lr -d 'Peak learning rate (AdamW, cosine decay)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l eval-boards -d 'Boards per held-out set scored after each epoch (0 = skip)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l init -d 'Start from these weights (a network written by `vision train`) instead of random ones' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l out -d 'Where to write the weights (safetensors); rewritten after every epoch' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -l all-sets -d 'Train on every set, the held-out ones too (as the networks `recognize` ships are; benchmarks use networks trained without the held-out sets)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l seed -d 'Seed of every random choice (positions, styles, weights, batch order)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l flat-share -d 'Share of boards (0 to 1) whose pieces are drawn flat, their shape alone (the shipped networks use 0)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l extra-pieces -d 'Another folder of piece sets, always trained on (repeatable; names must differ from the sets of --pieces), e.g. the pychess sets that `assets/vision/extra-pieces.sh` unpacks' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l extra-share -d 'Share of boards (0 to 1) drawn with an --extra-pieces set (needs --extra-pieces)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l low-contrast-share -d 'Share of boards (0 to 1) with one kind of square in nearly the colour of one side\'s pieces (black pieces on near-black dark squares, white ones on near-white light ones)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l 3d-share -d 'Share (0 to 1) of the boards drawn with a set of --pieces that use a staunton3d set (0: uniform among set families, about one in twenty)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l arrow-share -d 'Share of boards (0 to 1) with one to three more arrows laid over pieces, in a random strong colour 0.4-0.9 opaque' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l tint-share -d 'Share of boards (0 to 1) whose pieces (one side\'s or both) are recoloured in a random hue: wooden, red or blue pieces' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l mark-share -d 'Share of boards (0 to 1) whose last move is marked by shapes, as PyChess marks it: a star on the empty square a piece left, wedges in the corners of the one it went to' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l max-square -d 'Draw only boards with squares up to this many pixels (from 14; default: 14-120, and one board in ten at 120-260)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l boards -d 'Boards to render' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l out -d 'Where to write the crops' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -l all-sets -d 'Train on every set, the held-out ones too (as the networks `recognize` ships are; benchmarks use networks trained without the held-out sets)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from dataset" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l model -d 'Weights to measure (default: the networks trained without the held-out sets, from --networks; `recognize` uses ones trained on every set); given more than once, the networks are read together and their probabilities averaged' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l networks -d 'Folder holding the held-out networks (held-out*.safetensors) measured without --model [default: assets/vision, relative to the current directory: the root of a checkout]' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l boards -d 'Boards rendered per piece set' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l seed -d 'Seed of the rendered boards' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l positions -d 'Placements to draw: game-like (what screenshots show) or the training mix' -r -f -a "games\t'Book openings plus random moves'
mixed\t'The training mix'"
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l all-sets -d 'Measure on every set, training sets included (default: held-out sets only)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -l json -d 'Print JSON instead of a table'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l set -d 'Piece set name (default: a random one)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l fen -d 'Position to draw (default: a random one)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l seed -d 'Seed of the random style (and position)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l plain -d 'Draw a plain board (theme colours, no artefacts) with this square size instead of a random style' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l last-move -d 'Tint the last move\'s two squares, from and to (e.g. `g8f6`), as sites do; `recognize` reads the side to move off them' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l screenshot -d 'Put the board in a page of this size, e.g. `1280x800`' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l labels -d 'Draw coordinate labels in a random font of this folder, placed and coloured as glyph training draws them (`vision train-glyphs`)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l out -d 'Output image (format from the extension: png, jpg, bmp ...)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l flip -d 'Black at the bottom (overrides the random style\'s choice)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l mirror -d 'Draw the pieces mirrored left to right, as training does to some boards'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l flat -d 'Draw the pieces flat (their shape in one colour with an outline), as training does to some boards'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l low-contrast -d 'Paint one kind of square in nearly the colour of one side\'s pieces (low contrast), as training does to some boards with --low-contrast-share'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l tint -d 'Recolour one side\'s pieces or both in a random hue, as training does to some boards with --tint-share'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l marks -d 'Mark a random last move by shapes, as PyChess does and as training does to some boards with --mark-share: a star on an empty square, wedges in the corners of an occupied one'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -l page-text -d 'With `--labels`: also draw single characters that are no label in the frame beside the board, as page text is drawn beside a screenshot\'s board'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from render" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l boards -d 'Screenshots per piece set' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l seed -d 'Seed of positions, styles and pages' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l positions -d 'Placements: `games` (book openings plus random moves) or `mixed` (the training mix, half of it pieces scattered anywhere)' -r -f -a "games\t'Book openings plus random moves'
mixed\t'The training mix'"
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l size -d 'Page size, e.g. `1280x800`' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l sets -d 'Comma-separated piece sets to measure (default: the held-out ones)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l real -d 'Also measure the real screenshots listed in FILE (`file | FEN | white|black` lines, as tests/data/vision/xboard.txt)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l model -d 'Weights to measure (default: the networks trained without the held-out sets, from --networks; `recognize` uses ones trained on every set); given more than once, the networks are read together and their probabilities averaged' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l networks -d 'Folder holding the held-out networks (held-out*.safetensors) measured without --model [default: assets/vision, relative to the current directory: the root of a checkout]' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l failures -d 'Write the screenshots of boards not read right into DIR (named after the set, the index and what went wrong: grid, orientation or the number of wrong squares)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l keep -d 'Write every screenshot with its truth into DIR (`SET-INDEX.png` and `.txt`), to read the very same pages again with another build (`bench/read_pages.py`)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l repeats -d 'Read each screenshot N times and time it by the least (this machine\'s noise, other processes and clock changes, only ever adds time); the reading is the same each time' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l leave-out -d 'Take these artefacts out of every page, all else as it would have been (e.g. `--leave-out arrows,move-dots`): how many misread boards each costs' -r -f -a "arrows\t'Arrows drawn over the board'
move-dots\t'Legal-move dots and capture rings'
highlights\t'The last move\'s and the selected square\'s tints'
check\t'The check glow under a king'
shadow\t'Drop shadows under the pieces'
blur\t'Blur of the whole page'
jpeg\t'JPEG artefacts'
scale\t'Scaling of the whole page'
recolour\t'Pieces recoloured from their set\'s own colours'"
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l crop -d 'Cut each page down to its board\'s squares (a pixel or so into them), as a user crops a screenshot to the board: the same positions and styles, no page around the board'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -l json -d 'Print JSON instead of tables'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from bench" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l fonts -d 'Folder of font files (searched recursively)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l seed -d 'Seed of every random choice (boards, weights, batch order)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l boards -d 'Boards rendered (once; every epoch passes over their glyphs)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l epochs -d 'Passes over the glyphs' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l batch -d 'Glyphs per optimiser step' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l lr -d 'Peak learning rate (AdamW, cosine decay)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l eval-boards -d 'Boards of the held-out font families scored after training (0 = skip)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l out -d 'Where to write the weights (safetensors); rewritten after every epoch' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -l all-fonts -d 'Train on every family, the held-out ones too'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from train-glyphs" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l pieces -d 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l fonts -d 'Folder of font files (searched recursively)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l model -d 'Weights to score (default: the embedded glyph network)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l boards -d 'Boards to render' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l seed -d 'Seed of the rendered boards' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l all-fonts -d 'Score on every family, the trained ones too (default: the held-out ones)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -l json -d 'Print JSON instead of a table'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-glyphs" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from fit-prior" -l pgn -d 'Games (PGN, standard chess; repeatable)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from fit-prior" -l positions -d 'Games as `chessbot nnue gen` writes them: `# game` lines, then a FEN a line (repeatable; read after the PGN files)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from fit-prior" -l out -d 'Where to write the table' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from fit-prior" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from fit-prior" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -l pgn -d 'Games (PGN, standard chess; repeatable)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -l positions -d 'Games as `chessbot nnue gen` writes them: `# game` lines, then a FEN a line (repeatable; read after the PGN files)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -l prior -d 'The prior table to measure (default: the one built into the binary)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -l all -d 'Test on every game, not only on the ones `fit-prior` keeps out (for games no prior was fitted to)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from eval-prior" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "train" -d 'Train the square classifier on boards rendered from the training piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "dataset" -d 'Write the crops that training draws to a file, for trainers outside the binary'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "eval" -d 'Measure a square classifier on rendered boards of the held-out (or all) piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "render" -d 'Render a board (or a whole screenshot around it) to an image file'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "bench" -d 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "train-glyphs" -d 'Train the label reader\'s glyph network on coordinate labels rendered in many fonts'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "eval-glyphs" -d 'Measure a glyph network on labels in the held-out (or all) font families'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "fit-prior" -d 'Fit the orientation\'s position prior to the positions of games'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "eval-prior" -d 'Measure an orientation prior on the positions of games, shown either way up'
complete -c chessbot -n "__fish_chessbot_using_subcommand vision; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and not __fish_seen_subcommand_from gen train help" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and not __fish_seen_subcommand_from gen train help" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and not __fish_seen_subcommand_from gen train help" -f -a "gen" -d 'Make training positions: a UCI engine plays itself from random openings'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and not __fish_seen_subcommand_from gen train help" -f -a "train" -d 'Train an evaluation network on scored positions (`FEN | score | result` lines)'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and not __fish_seen_subcommand_from gen train help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l engine -d 'The UCI engine that plays and scores (a path, or a name on PATH or in /usr/games)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l engine-arg -d 'A command-line argument for the engine (repeatable), e.g. --engine-arg uci for chessbot' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l nodes -d 'Nodes per move' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l positions -d 'Positions the file holds when done, those of a continued run included (whole games, so a few more)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -s j -l concurrency -d 'Engines playing at the same time' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l seed -d 'Seed of the random openings' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -l out -d 'The data file: created, or continued when it holds part of the same run' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from gen" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l data -d 'Data files (repeat the flag for several)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l seed -d 'Seed of the weights, the validation split and the batch order' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l epochs -d 'Passes over the training positions' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l batch -d 'Positions per optimiser step' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l lr -d 'Peak learning rate (AdamW, cosine decay)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l score-weight -d 'Weight of the search score against the game result in the target (0..=1)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l buckets -d 'Output buckets (1-16): the output layer has one set of weights per range of piece counts. With --init from a one-bucket network, every bucket starts from its output' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l out -d 'Where to write the network' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l checkpoint -d 'Save the training state here after every epoch, and go on from it when it exists: a stopped run started again with the same flags and data ends with the same network' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -l init -d 'Start from this network file (as `nnue train` writes) instead of random weights, to go on training it on more data, e.g. with a lower --lr' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from train" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from help" -f -a "gen" -d 'Make training positions: a UCI engine plays itself from random openings'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from help" -f -a "train" -d 'Train an evaluation network on scored positions (`FEN | score | result` lines)'
complete -c chessbot -n "__fish_chessbot_using_subcommand nnue; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l data -d 'Data files (repeat the flag for several)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l seed -d 'Seed of the validation split and the batch order' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l epochs -d 'Passes over the training positions' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l batch -d 'Positions per optimiser step' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l lr -d 'Peak Adam step, in centipawns' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l score-weight -d 'Weight of the search score against the game result in the target (0..=1)' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l only -d 'Tune only this section of the weights (repeat for several; names as the comments of `src/search/params/tuned.rs` give them, e.g. "passed pawn"); the others stay as they are' -r
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -l out -d 'Where to write the tuned weights (Rust source of `search::params::tuned`)' -r -F
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand tune" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand completions" -s h -l help -d 'Print help'
complete -c chessbot -n "__fish_chessbot_using_subcommand completions" -s V -l version -d 'Print version'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (move generator check and speed test)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "uci" -d 'Run as a UCI engine on stdin/stdout (for chess GUIs, cutechess-cli, python-chess)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "play" -d 'Play a game in the terminal against our engine or a UCI engine such as Stockfish'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "autoplay" -d 'Play on an on-screen chessboard (a local GUI) with screen capture and the mouse'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "selfplay" -d 'Play matches between built-in players and UCI engines, with PGN, Elo and SPRT'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "book" -d 'Build Polyglot opening books from games, or list a position\'s book moves'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "bestmove" -d 'Search a position with our engine and print the best move, score and principal variation'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "bench" -d 'Search a fixed list of positions to a fixed depth: a deterministic node count and speed'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "analyze" -d 'Review games with our engine or Stockfish: annotated PGN, mistakes, accuracy'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "recognize" -d 'Read chess positions (FEN) from screenshots of boards'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "vision" -d 'Square classifier: train, measure, render training boards'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "nnue" -d 'Evaluation network: train it on scored positions'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "tune" -d 'Tune the hand-written evaluation\'s weights on scored positions (Texel tuning)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and not __fish_seen_subcommand_from perft uci play autoplay selfplay book bestmove bench analyze recognize vision nnue tune completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "build" -d 'Build a Polyglot book from the games of a PGN file (weights from results)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "probe" -d 'List the book moves of a position with their weights'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "train" -d 'Train the square classifier on boards rendered from the training piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "dataset" -d 'Write the crops that training draws to a file, for trainers outside the binary'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "eval" -d 'Measure a square classifier on rendered boards of the held-out (or all) piece sets'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "render" -d 'Render a board (or a whole screenshot around it) to an image file'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "bench" -d 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "train-glyphs" -d 'Train the label reader\'s glyph network on coordinate labels rendered in many fonts'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "eval-glyphs" -d 'Measure a glyph network on labels in the held-out (or all) font families'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "fit-prior" -d 'Fit the orientation\'s position prior to the positions of games'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from vision" -f -a "eval-prior" -d 'Measure an orientation prior on the positions of games, shown either way up'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from nnue" -f -a "gen" -d 'Make training positions: a UCI engine plays itself from random openings'
complete -c chessbot -n "__fish_chessbot_using_subcommand help; and __fish_seen_subcommand_from nnue" -f -a "train" -d 'Train an evaluation network on scored positions (`FEN | score | result` lines)'
