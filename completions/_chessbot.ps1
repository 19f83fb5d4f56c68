
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'chessbot' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'chessbot'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'chessbot' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the leaf nodes of the legal move tree (move generator check and speed test)')
            [CompletionResult]::new('uci', 'uci', [CompletionResultType]::ParameterValue, 'Run as a UCI engine on stdin/stdout (for chess GUIs, cutechess-cli, python-chess)')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play a game in the terminal against our engine or a UCI engine such as Stockfish')
            [CompletionResult]::new('autoplay', 'autoplay', [CompletionResultType]::ParameterValue, 'Play on an on-screen chessboard (a local GUI) with screen capture and the mouse')
            [CompletionResult]::new('selfplay', 'selfplay', [CompletionResultType]::ParameterValue, 'Play matches between built-in players and UCI engines, with PGN, Elo and SPRT')
            [CompletionResult]::new('book', 'book', [CompletionResultType]::ParameterValue, 'Build Polyglot opening books from games, or list a position''s book moves')
            [CompletionResult]::new('bestmove', 'bestmove', [CompletionResultType]::ParameterValue, 'Search a position with our engine and print the best move, score and principal variation')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Search a fixed list of positions to a fixed depth: a deterministic node count and speed')
            [CompletionResult]::new('analyze', 'analyze', [CompletionResultType]::ParameterValue, 'Review games with our engine or Stockfish: annotated PGN, mistakes, accuracy')
            [CompletionResult]::new('recognize', 'recognize', [CompletionResultType]::ParameterValue, 'Read chess positions (FEN) from screenshots of boards')
            [CompletionResult]::new('vision', 'vision', [CompletionResultType]::ParameterValue, 'Square classifier: train, measure, render training boards')
            [CompletionResult]::new('nnue', 'nnue', [CompletionResultType]::ParameterValue, 'Evaluation network: train it on scored positions')
            [CompletionResult]::new('tune', 'tune', [CompletionResultType]::ParameterValue, 'Tune the hand-written evaluation''s weights on scored positions (Texel tuning)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;perft' {
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Start position (default: the standard initial position)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The rules: standard chess, or Alice chess (pieces on board B marked ''|'' in the FEN)')
            [CompletionResult]::new('--divide', '--divide', [CompletionResultType]::ParameterName, 'Print the count under each root move as well')
            [CompletionResult]::new('--chess960', '--chess960', [CompletionResultType]::ParameterName, 'Read castling rights as Chess960 (Shredder-FEN or X-FEN)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;uci' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;play' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Which side you play')
            [CompletionResult]::new('--movetime', '--movetime', [CompletionResultType]::ParameterName, 'The engine searches this many milliseconds per move (default 1000 when no other limit)')
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'The engine searches to this depth (plies)')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'Our engine''s level, 1 (beginner) to 10 (full strength, the default): lower levels search less and make plausible mistakes, never random moves')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Search threads of our engine (Lazy SMP); an external engine takes `--engine-option Threads=N`')
            [CompletionResult]::new('--engine', '--engine', [CompletionResultType]::ParameterName, 'Play an external UCI engine: `stockfish` (looked up on PATH, then /usr/games), a path, or a selfplay player spec `uci:PROGRAM?arg=ARG&OPTION=VALUE`')
            [CompletionResult]::new('--engine-arg', '--engine-arg', [CompletionResultType]::ParameterName, 'A command-line argument for the external engine (repeatable), e.g. --engine-arg --uci for GNU Chess')
            [CompletionResult]::new('--elo', '--elo', [CompletionResultType]::ParameterName, 'Limit the opponent''s strength to about this Elo: an external engine''s UCI_LimitStrength (below Stockfish''s 1320 minimum, Skill Level instead), or our engine''s own limit (800 to 2800, full strength at the top), as --level does')
            [CompletionResult]::new('--engine-option', '--engine-option', [CompletionResultType]::ParameterName, 'Set a UCI option of the external engine (repeatable)')
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Start from this position')
            [CompletionResult]::new('--pgn', '--pgn', [CompletionResultType]::ParameterName, 'Continue the (first) game of this PGN file')
            [CompletionResult]::new('--tc', '--tc', [CompletionResultType]::ParameterName, 'Time control as in selfplay (cutechess-cli''s tc): [MOVES/]SECONDS[+INCREMENT] in seconds, e.g. 300+3 (or 5m+3) or 40/600; clocks are shown and flags fall')
            [CompletionResult]::new('--pgn-out', '--pgn-out', [CompletionResultType]::ParameterName, 'Write the game as PGN here when it ends (or input ends, or you quit)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed for the random choices (colour, Chess960 position)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The rules: standard chess, or Alice chess (two boards drawn side by side)')
            [CompletionResult]::new('--chess960', '--chess960', [CompletionResultType]::ParameterName, 'Chess960: a random start position (or read --fen castling as Chess960)')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw the board in plain ASCII (also when NO_COLOR is set or stdout is not a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;autoplay' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Our side: auto takes the side at the bottom of the board')
            [CompletionResult]::new('--monitor', '--monitor', [CompletionResultType]::ParameterName, 'The monitor to capture (0 = the first)')
            [CompletionResult]::new('--region', '--region', [CompletionResultType]::ParameterName, 'Capture only this rectangle of the screen (logical pixels)')
            [CompletionResult]::new('--movetime', '--movetime', [CompletionResultType]::ParameterName, 'Our engine searches this long per move (default 1000 ms when no other limit is given)')
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'Our engine searches to this depth')
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'Our engine''s level, 1 (beginner) to 10 (full strength)')
            [CompletionResult]::new('--engine', '--engine', [CompletionResultType]::ParameterName, 'Choose moves with this UCI engine instead of ours (`stockfish` or a path)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'How moves are entered: auto tries a drag, then clicks, and keeps what the GUI takes')
            [CompletionResult]::new('--promotion', '--promotion', [CompletionResultType]::ParameterName, 'How the GUI asks for the promotion piece')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'The side to move when the board first seen is not the start and does not show whose turn it is (no last-move highlight, no check)')
            [CompletionResult]::new('--debug-dir', '--debug-dir', [CompletionResultType]::ParameterName, 'Write each frame''s reading (grid and labels) here, for --dry-run checks')
            [CompletionResult]::new('--max-moves', '--max-moves', [CompletionResultType]::ParameterName, 'Stop after this many of our moves')
            [CompletionResult]::new('--pgn-out', '--pgn-out', [CompletionResultType]::ParameterName, 'Save the game as PGN here when the run ends')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Milliseconds between screen captures')
            [CompletionResult]::new('--settle', '--settle', [CompletionResultType]::ParameterName, 'Milliseconds the board must stand still before it is read (GUIs slide pieces)')
            [CompletionResult]::new('--opponent-timeout', '--opponent-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for the opponent''s move before the run ends (the GUI''s engine may have died); the game so far is saved')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Save every frame captured here, named with its capture time, for `--replay`')
            [CompletionResult]::new('--replay', '--replay', [CompletionResultType]::ParameterName, 'Replay a folder of screenshots (PNG, in name order) instead of the screen; mouse actions are printed, never performed')
            [CompletionResult]::new('--click', '--click', [CompletionResultType]::ParameterName, 'The same as `--input click`')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Move nothing: print what would be played')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;selfplay' {
            [CompletionResult]::new('--white', '--white', [CompletionResultType]::ParameterName, 'White''s player in a two-player match (colours alternate game by game)')
            [CompletionResult]::new('--black', '--black', [CompletionResultType]::ParameterName, 'Black''s player in a two-player match')
            [CompletionResult]::new('--gauntlet', '--gauntlet', [CompletionResultType]::ParameterName, 'The player of a gauntlet, against each of --vs')
            [CompletionResult]::new('--vs', '--vs', [CompletionResultType]::ParameterName, 'The opponents in a gauntlet')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'A round-robin between these players')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Games per pairing')
            [CompletionResult]::new('--games', '--games', [CompletionResultType]::ParameterName, 'Games per pairing')
            [CompletionResult]::new('--tc', '--tc', [CompletionResultType]::ParameterName, 'Chess clock, as cutechess-cli''s tc: [MOVES/]SECONDS[+INCREMENT] in seconds (e.g. 10+0.1, 40/60, 40/60+0.6; 5m+3 for minutes)')
            [CompletionResult]::new('--movetime', '--movetime', [CompletionResultType]::ParameterName, 'Fixed time per move in milliseconds')
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'Fixed depth per move (for players that search)')
            [CompletionResult]::new('--nodes', '--nodes', [CompletionResultType]::ParameterName, 'Node budget per move (for players that search)')
            [CompletionResult]::new('--time-margin', '--time-margin', [CompletionResultType]::ParameterName, 'Milliseconds a clock may go below zero before the flag falls')
            [CompletionResult]::new('--openings', '--openings', [CompletionResultType]::ParameterName, 'Openings: an EPD file (one position a line) or a PGN file (.pgn), standard chess. Without it, each pair of games opens with a weighted walk of --plies moves (8) through the embedded GNU Chess book, different for each pair')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Opening order')
            [CompletionResult]::new('--plies', '--plies', [CompletionResultType]::ParameterName, 'Plies of each opening line: of a PGN opening file (all by default), or of the book walk when no --openings are given (8 by default)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Games played at the same time (threads)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Games played at the same time (threads)')
            [CompletionResult]::new('--draw', '--draw', [CompletionResultType]::ParameterName, 'Draw adjudication MOVENUMBER,MOVECOUNT,SCORE: from move MOVENUMBER on, draw once both players'' scores stay within SCORE centipawns for MOVECOUNT moves each')
            [CompletionResult]::new('--resign', '--resign', [CompletionResultType]::ParameterName, 'Resign adjudication MOVECOUNT,SCORE: a player whose score stays at or below -SCORE centipawns for MOVECOUNT moves loses')
            [CompletionResult]::new('--max-moves', '--max-moves', [CompletionResultType]::ParameterName, 'Draw games that reach this many moves (full moves, opening included)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of all randomness (random by default, printed in the report)')
            [CompletionResult]::new('--pgn', '--pgn', [CompletionResultType]::ParameterName, 'Write games to this PGN file (replaced), flushed game by game')
            [CompletionResult]::new('--sprt', '--sprt', [CompletionResultType]::ParameterName, 'SPRT ELO0,ELO1,ALPHA,BETA: stop once H0 or H1 is accepted (two players only)')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'PGN Event tag')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The rules: standard chess, or Alice chess (among random, material, classic and engine; the report then lists every game and a score line per pairing)')
            [CompletionResult]::new('--random-plies', '--random-plies', [CompletionResultType]::ParameterName, 'Random plies from the initial position that open each pair of games, instead of book openings (default 4 for Alice; 0 starts every game from the initial position)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the report as JSON')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;book' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a Polyglot book from the games of a PGN file (weights from results)')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'List the book moves of a position with their weights')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;book;build' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Where to write the book')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Where to write the book')
            [CompletionResult]::new('--max-ply', '--max-ply', [CompletionResultType]::ParameterName, 'Only the first N plies of each game')
            [CompletionResult]::new('--min-games', '--min-games', [CompletionResultType]::ParameterName, 'Only moves played in at least N games')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;book;probe' {
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'Polyglot book to read (default: the embedded GNU Chess book)')
            [CompletionResult]::new('--chess960', '--chess960', [CompletionResultType]::ParameterName, 'Read castling rights as Chess960')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of a table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;book;help' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a Polyglot book from the games of a PGN file (weights from results)')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'List the book moves of a position with their weights')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;book;help;build' {
            break
        }
        'chessbot;book;help;probe' {
            break
        }
        'chessbot;book;help;help' {
            break
        }
        'chessbot;bestmove' {
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'Search to this depth (plies)')
            [CompletionResult]::new('--movetime', '--movetime', [CompletionResultType]::ParameterName, 'Search for this many milliseconds (default 1000 when no limit is given)')
            [CompletionResult]::new('--nodes', '--nodes', [CompletionResultType]::ParameterName, 'Search about this many nodes')
            [CompletionResult]::new('--hash', '--hash', [CompletionResultType]::ParameterName, 'Transposition table size in megabytes')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Search threads (Lazy SMP). One thread is reproducible under depth and node limits; more search further in the same time, but their results vary from run to run')
            [CompletionResult]::new('--book', '--book', [CompletionResultType]::ParameterName, 'Answer from an opening book when the position is in it: `--book` for the embedded GNU Chess book, `--book=FILE` for a Polyglot file. Out of the book, the engine searches')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the weighted choice among book moves (default: a random one)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The rules: standard chess, or Alice chess (pieces on board B marked ''|'' in the FEN)')
            [CompletionResult]::new('--no-book', '--no-book', [CompletionResultType]::ParameterName, 'Never use a book (the default; overrides an earlier --book)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object instead of text')
            [CompletionResult]::new('--chess960', '--chess960', [CompletionResultType]::ParameterName, 'Read castling rights as Chess960 (Shredder-FEN or X-FEN)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;bench' {
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Search threads (Lazy SMP); above 1 the node count is not reproducible')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;analyze' {
            [CompletionResult]::new('--engine', '--engine', [CompletionResultType]::ParameterName, 'The engine: ours (default), `stockfish`, or the path of any UCI engine')
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'Search each position to this depth (plies; default 8)')
            [CompletionResult]::new('--movetime', '--movetime', [CompletionResultType]::ParameterName, 'Search each position for this many milliseconds')
            [CompletionResult]::new('--hash', '--hash', [CompletionResultType]::ParameterName, 'Transposition table size of our engine in megabytes')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Search threads of our engine (Lazy SMP); an external engine takes its own Threads option. One thread gives the same review every run under --depth; more do not')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the annotated PGN to this file instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the annotated PGN to this file instead of stdout')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Draw the evaluation graph (mistakes marked) to this PNG; with several games, one image per game named FILE-N.png after the game''s number')
            [CompletionResult]::new('--show', '--show', [CompletionResultType]::ParameterName, 'Print the board after one move (`23w`, `23b`) of a single game, with the evaluation and the engine''s best line, instead of the whole review')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object (every move''s evaluation and class, per-player summaries) on stdout instead of the annotated PGN and text summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;recognize' {
            [CompletionResult]::new('--region', '--region', [CompletionResultType]::ParameterName, 'The board''s 8x8 squares are at X,Y with size WxH pixels (skips the search)')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which side is at the bottom of the image (default: detected)')
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'Side to move (default: the only side that can be to move, else the side a last-move highlight names: the other side than the piece on the two tinted squares, else white)')
            [CompletionResult]::new('--debug', '--debug', [CompletionResultType]::ParameterName, 'Write the image with the found grid and square labels drawn on it to FILE (with several images, FILE-1.png, FILE-2.png, ... in argument order)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Classifier weights to use instead of the built-in ones (a safetensors file written by `chessbot vision train`); given more than once, the networks are read together and their probabilities averaged')
            [CompletionResult]::new('--networks', '--networks', [CompletionResultType]::ParameterName, 'Folder holding the held-out networks (held-out*.safetensors) for --held-out [default: assets/vision, relative to the current directory: the root of a checkout]')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Read every board found, largest first, searching more thoroughly (slower); without it, the first board the quick search finds')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per image: per-square class and confidence, board box, orientation, what the side to move was decided from, the last move''s tinted cells and timing')
            [CompletionResult]::new('--held-out', '--held-out', [CompletionResultType]::ParameterName, 'Read with the networks trained without the benchmark''s held-out piece sets, as `chessbot vision bench` reads (to look into a screenshot it kept with --failures). They are not built in: they are read from --networks')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train the square classifier on boards rendered from the training piece sets')
            [CompletionResult]::new('dataset', 'dataset', [CompletionResultType]::ParameterValue, 'Write the crops that training draws to a file, for trainers outside the binary')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure a square classifier on rendered boards of the held-out (or all) piece sets')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a board (or a whole screenshot around it) to an image file')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)')
            [CompletionResult]::new('train-glyphs', 'train-glyphs', [CompletionResultType]::ParameterValue, 'Train the label reader''s glyph network on coordinate labels rendered in many fonts')
            [CompletionResult]::new('eval-glyphs', 'eval-glyphs', [CompletionResultType]::ParameterValue, 'Measure a glyph network on labels in the held-out (or all) font families')
            [CompletionResult]::new('fit-prior', 'fit-prior', [CompletionResultType]::ParameterValue, 'Fit the orientation''s position prior to the positions of games')
            [CompletionResult]::new('eval-prior', 'eval-prior', [CompletionResultType]::ParameterValue, 'Measure an orientation prior on the positions of games, shown either way up')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;vision;train' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of every random choice (positions, styles, weights, batch order)')
            [CompletionResult]::new('--flat-share', '--flat-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose pieces are drawn flat, their shape alone (the shipped networks use 0)')
            [CompletionResult]::new('--extra-pieces', '--extra-pieces', [CompletionResultType]::ParameterName, 'Another folder of piece sets, always trained on (repeatable; names must differ from the sets of --pieces), e.g. the pychess sets that `assets/vision/extra-pieces.sh` unpacks')
            [CompletionResult]::new('--extra-share', '--extra-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) drawn with an --extra-pieces set (needs --extra-pieces)')
            [CompletionResult]::new('--low-contrast-share', '--low-contrast-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) with one kind of square in nearly the colour of one side''s pieces (black pieces on near-black dark squares, white ones on near-white light ones)')
            [CompletionResult]::new('--3d-share', '--3d-share', [CompletionResultType]::ParameterName, 'Share (0 to 1) of the boards drawn with a set of --pieces that use a staunton3d set (0: uniform among set families, about one in twenty)')
            [CompletionResult]::new('--arrow-share', '--arrow-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) with one to three more arrows laid over pieces, in a random strong colour 0.4-0.9 opaque')
            [CompletionResult]::new('--tint-share', '--tint-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose pieces (one side''s or both) are recoloured in a random hue: wooden, red or blue pieces')
            [CompletionResult]::new('--mark-share', '--mark-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose last move is marked by shapes, as PyChess marks it: a star on the empty square a piece left, wedges in the corners of the one it went to')
            [CompletionResult]::new('--max-square', '--max-square', [CompletionResultType]::ParameterName, 'Draw only boards with squares up to this many pixels (from 14; default: 14-120, and one board in ten at 120-260)')
            [CompletionResult]::new('--epochs', '--epochs', [CompletionResultType]::ParameterName, 'Passes over freshly rendered boards')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Boards rendered per epoch')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Crops per optimiser step')
            [CompletionResult]::new('--lr', '--lr', [CompletionResultType]::ParameterName, 'Peak learning rate (AdamW, cosine decay)')
            [CompletionResult]::new('--eval-boards', '--eval-boards', [CompletionResultType]::ParameterName, 'Boards per held-out set scored after each epoch (0 = skip)')
            [CompletionResult]::new('--init', '--init', [CompletionResultType]::ParameterName, 'Start from these weights (a network written by `vision train`) instead of random ones')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the weights (safetensors); rewritten after every epoch')
            [CompletionResult]::new('--all-sets', '--all-sets', [CompletionResultType]::ParameterName, 'Train on every set, the held-out ones too (as the networks `recognize` ships are; benchmarks use networks trained without the held-out sets)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;dataset' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of every random choice (positions, styles, weights, batch order)')
            [CompletionResult]::new('--flat-share', '--flat-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose pieces are drawn flat, their shape alone (the shipped networks use 0)')
            [CompletionResult]::new('--extra-pieces', '--extra-pieces', [CompletionResultType]::ParameterName, 'Another folder of piece sets, always trained on (repeatable; names must differ from the sets of --pieces), e.g. the pychess sets that `assets/vision/extra-pieces.sh` unpacks')
            [CompletionResult]::new('--extra-share', '--extra-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) drawn with an --extra-pieces set (needs --extra-pieces)')
            [CompletionResult]::new('--low-contrast-share', '--low-contrast-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) with one kind of square in nearly the colour of one side''s pieces (black pieces on near-black dark squares, white ones on near-white light ones)')
            [CompletionResult]::new('--3d-share', '--3d-share', [CompletionResultType]::ParameterName, 'Share (0 to 1) of the boards drawn with a set of --pieces that use a staunton3d set (0: uniform among set families, about one in twenty)')
            [CompletionResult]::new('--arrow-share', '--arrow-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) with one to three more arrows laid over pieces, in a random strong colour 0.4-0.9 opaque')
            [CompletionResult]::new('--tint-share', '--tint-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose pieces (one side''s or both) are recoloured in a random hue: wooden, red or blue pieces')
            [CompletionResult]::new('--mark-share', '--mark-share', [CompletionResultType]::ParameterName, 'Share of boards (0 to 1) whose last move is marked by shapes, as PyChess marks it: a star on the empty square a piece left, wedges in the corners of the one it went to')
            [CompletionResult]::new('--max-square', '--max-square', [CompletionResultType]::ParameterName, 'Draw only boards with squares up to this many pixels (from 14; default: 14-120, and one board in ten at 120-260)')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Boards to render')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the crops')
            [CompletionResult]::new('--all-sets', '--all-sets', [CompletionResultType]::ParameterName, 'Train on every set, the held-out ones too (as the networks `recognize` ships are; benchmarks use networks trained without the held-out sets)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;eval' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Weights to measure (default: the networks trained without the held-out sets, from --networks; `recognize` uses ones trained on every set); given more than once, the networks are read together and their probabilities averaged')
            [CompletionResult]::new('--networks', '--networks', [CompletionResultType]::ParameterName, 'Folder holding the held-out networks (held-out*.safetensors) measured without --model [default: assets/vision, relative to the current directory: the root of a checkout]')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Boards rendered per piece set')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the rendered boards')
            [CompletionResult]::new('--positions', '--positions', [CompletionResultType]::ParameterName, 'Placements to draw: game-like (what screenshots show) or the training mix')
            [CompletionResult]::new('--all-sets', '--all-sets', [CompletionResultType]::ParameterName, 'Measure on every set, training sets included (default: held-out sets only)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of a table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;render' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Piece set name (default: a random one)')
            [CompletionResult]::new('--fen', '--fen', [CompletionResultType]::ParameterName, 'Position to draw (default: a random one)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random style (and position)')
            [CompletionResult]::new('--plain', '--plain', [CompletionResultType]::ParameterName, 'Draw a plain board (theme colours, no artefacts) with this square size instead of a random style')
            [CompletionResult]::new('--last-move', '--last-move', [CompletionResultType]::ParameterName, 'Tint the last move''s two squares, from and to (e.g. `g8f6`), as sites do; `recognize` reads the side to move off them')
            [CompletionResult]::new('--screenshot', '--screenshot', [CompletionResultType]::ParameterName, 'Put the board in a page of this size, e.g. `1280x800`')
            [CompletionResult]::new('--labels', '--labels', [CompletionResultType]::ParameterName, 'Draw coordinate labels in a random font of this folder, placed and coloured as glyph training draws them (`vision train-glyphs`)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Output image (format from the extension: png, jpg, bmp ...)')
            [CompletionResult]::new('--flip', '--flip', [CompletionResultType]::ParameterName, 'Black at the bottom (overrides the random style''s choice)')
            [CompletionResult]::new('--mirror', '--mirror', [CompletionResultType]::ParameterName, 'Draw the pieces mirrored left to right, as training does to some boards')
            [CompletionResult]::new('--flat', '--flat', [CompletionResultType]::ParameterName, 'Draw the pieces flat (their shape in one colour with an outline), as training does to some boards')
            [CompletionResult]::new('--low-contrast', '--low-contrast', [CompletionResultType]::ParameterName, 'Paint one kind of square in nearly the colour of one side''s pieces (low contrast), as training does to some boards with --low-contrast-share')
            [CompletionResult]::new('--tint', '--tint', [CompletionResultType]::ParameterName, 'Recolour one side''s pieces or both in a random hue, as training does to some boards with --tint-share')
            [CompletionResult]::new('--marks', '--marks', [CompletionResultType]::ParameterName, 'Mark a random last move by shapes, as PyChess does and as training does to some boards with --mark-share: a star on an empty square, wedges in the corners of an occupied one')
            [CompletionResult]::new('--page-text', '--page-text', [CompletionResultType]::ParameterName, 'With `--labels`: also draw single characters that are no label in the frame beside the board, as page text is drawn beside a screenshot''s board')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;bench' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Screenshots per piece set')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of positions, styles and pages')
            [CompletionResult]::new('--positions', '--positions', [CompletionResultType]::ParameterName, 'Placements: `games` (book openings plus random moves) or `mixed` (the training mix, half of it pieces scattered anywhere)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Page size, e.g. `1280x800`')
            [CompletionResult]::new('--sets', '--sets', [CompletionResultType]::ParameterName, 'Comma-separated piece sets to measure (default: the held-out ones)')
            [CompletionResult]::new('--real', '--real', [CompletionResultType]::ParameterName, 'Also measure the real screenshots listed in FILE (`file | FEN | white|black` lines, as tests/data/vision/xboard.txt)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Weights to measure (default: the networks trained without the held-out sets, from --networks; `recognize` uses ones trained on every set); given more than once, the networks are read together and their probabilities averaged')
            [CompletionResult]::new('--networks', '--networks', [CompletionResultType]::ParameterName, 'Folder holding the held-out networks (held-out*.safetensors) measured without --model [default: assets/vision, relative to the current directory: the root of a checkout]')
            [CompletionResult]::new('--failures', '--failures', [CompletionResultType]::ParameterName, 'Write the screenshots of boards not read right into DIR (named after the set, the index and what went wrong: grid, orientation or the number of wrong squares)')
            [CompletionResult]::new('--keep', '--keep', [CompletionResultType]::ParameterName, 'Write every screenshot with its truth into DIR (`SET-INDEX.png` and `.txt`), to read the very same pages again with another build (`bench/read_pages.py`)')
            [CompletionResult]::new('--repeats', '--repeats', [CompletionResultType]::ParameterName, 'Read each screenshot N times and time it by the least (this machine''s noise, other processes and clock changes, only ever adds time); the reading is the same each time')
            [CompletionResult]::new('--leave-out', '--leave-out', [CompletionResultType]::ParameterName, 'Take these artefacts out of every page, all else as it would have been (e.g. `--leave-out arrows,move-dots`): how many misread boards each costs')
            [CompletionResult]::new('--crop', '--crop', [CompletionResultType]::ParameterName, 'Cut each page down to its board''s squares (a pixel or so into them), as a user crops a screenshot to the board: the same positions and styles, no page around the board')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of tables')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;train-glyphs' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--fonts', '--fonts', [CompletionResultType]::ParameterName, 'Folder of font files (searched recursively)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of every random choice (boards, weights, batch order)')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Boards rendered (once; every epoch passes over their glyphs)')
            [CompletionResult]::new('--epochs', '--epochs', [CompletionResultType]::ParameterName, 'Passes over the glyphs')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Glyphs per optimiser step')
            [CompletionResult]::new('--lr', '--lr', [CompletionResultType]::ParameterName, 'Peak learning rate (AdamW, cosine decay)')
            [CompletionResult]::new('--eval-boards', '--eval-boards', [CompletionResultType]::ParameterName, 'Boards of the held-out font families scored after training (0 = skip)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the weights (safetensors); rewritten after every epoch')
            [CompletionResult]::new('--all-fonts', '--all-fonts', [CompletionResultType]::ParameterName, 'Train on every family, the held-out ones too')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;eval-glyphs' {
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Folder of piece sets (one sub-folder per set; board-themes.json next to it)')
            [CompletionResult]::new('--fonts', '--fonts', [CompletionResultType]::ParameterName, 'Folder of font files (searched recursively)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Weights to score (default: the embedded glyph network)')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'Boards to render')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the rendered boards')
            [CompletionResult]::new('--all-fonts', '--all-fonts', [CompletionResultType]::ParameterName, 'Score on every family, the trained ones too (default: the held-out ones)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON instead of a table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;fit-prior' {
            [CompletionResult]::new('--pgn', '--pgn', [CompletionResultType]::ParameterName, 'Games (PGN, standard chess; repeatable)')
            [CompletionResult]::new('--positions', '--positions', [CompletionResultType]::ParameterName, 'Games as `chessbot nnue gen` writes them: `# game` lines, then a FEN a line (repeatable; read after the PGN files)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;eval-prior' {
            [CompletionResult]::new('--pgn', '--pgn', [CompletionResultType]::ParameterName, 'Games (PGN, standard chess; repeatable)')
            [CompletionResult]::new('--positions', '--positions', [CompletionResultType]::ParameterName, 'Games as `chessbot nnue gen` writes them: `# game` lines, then a FEN a line (repeatable; read after the PGN files)')
            [CompletionResult]::new('--prior', '--prior', [CompletionResultType]::ParameterName, 'The prior table to measure (default: the one built into the binary)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Test on every game, not only on the ones `fit-prior` keeps out (for games no prior was fitted to)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;vision;help' {
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train the square classifier on boards rendered from the training piece sets')
            [CompletionResult]::new('dataset', 'dataset', [CompletionResultType]::ParameterValue, 'Write the crops that training draws to a file, for trainers outside the binary')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure a square classifier on rendered boards of the held-out (or all) piece sets')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a board (or a whole screenshot around it) to an image file')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)')
            [CompletionResult]::new('train-glyphs', 'train-glyphs', [CompletionResultType]::ParameterValue, 'Train the label reader''s glyph network on coordinate labels rendered in many fonts')
            [CompletionResult]::new('eval-glyphs', 'eval-glyphs', [CompletionResultType]::ParameterValue, 'Measure a glyph network on labels in the held-out (or all) font families')
            [CompletionResult]::new('fit-prior', 'fit-prior', [CompletionResultType]::ParameterValue, 'Fit the orientation''s position prior to the positions of games')
            [CompletionResult]::new('eval-prior', 'eval-prior', [CompletionResultType]::ParameterValue, 'Measure an orientation prior on the positions of games, shown either way up')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;vision;help;train' {
            break
        }
        'chessbot;vision;help;dataset' {
            break
        }
        'chessbot;vision;help;eval' {
            break
        }
        'chessbot;vision;help;render' {
            break
        }
        'chessbot;vision;help;bench' {
            break
        }
        'chessbot;vision;help;train-glyphs' {
            break
        }
        'chessbot;vision;help;eval-glyphs' {
            break
        }
        'chessbot;vision;help;fit-prior' {
            break
        }
        'chessbot;vision;help;eval-prior' {
            break
        }
        'chessbot;vision;help;help' {
            break
        }
        'chessbot;nnue' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('gen', 'gen', [CompletionResultType]::ParameterValue, 'Make training positions: a UCI engine plays itself from random openings')
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train an evaluation network on scored positions (`FEN | score | result` lines)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;nnue;gen' {
            [CompletionResult]::new('--engine', '--engine', [CompletionResultType]::ParameterName, 'The UCI engine that plays and scores (a path, or a name on PATH or in /usr/games)')
            [CompletionResult]::new('--engine-arg', '--engine-arg', [CompletionResultType]::ParameterName, 'A command-line argument for the engine (repeatable), e.g. --engine-arg uci for chessbot')
            [CompletionResult]::new('--nodes', '--nodes', [CompletionResultType]::ParameterName, 'Nodes per move')
            [CompletionResult]::new('--positions', '--positions', [CompletionResultType]::ParameterName, 'Positions the file holds when done, those of a continued run included (whole games, so a few more)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Engines playing at the same time')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Engines playing at the same time')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random openings')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The data file: created, or continued when it holds part of the same run')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;nnue;train' {
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Data files (repeat the flag for several)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the weights, the validation split and the batch order')
            [CompletionResult]::new('--epochs', '--epochs', [CompletionResultType]::ParameterName, 'Passes over the training positions')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Positions per optimiser step')
            [CompletionResult]::new('--lr', '--lr', [CompletionResultType]::ParameterName, 'Peak learning rate (AdamW, cosine decay)')
            [CompletionResult]::new('--score-weight', '--score-weight', [CompletionResultType]::ParameterName, 'Weight of the search score against the game result in the target (0..=1)')
            [CompletionResult]::new('--buckets', '--buckets', [CompletionResultType]::ParameterName, 'Output buckets (1-16): the output layer has one set of weights per range of piece counts. With --init from a one-bucket network, every bucket starts from its output')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the network')
            [CompletionResult]::new('--checkpoint', '--checkpoint', [CompletionResultType]::ParameterName, 'Save the training state here after every epoch, and go on from it when it exists: a stopped run started again with the same flags and data ends with the same network')
            [CompletionResult]::new('--init', '--init', [CompletionResultType]::ParameterName, 'Start from this network file (as `nnue train` writes) instead of random weights, to go on training it on more data, e.g. with a lower --lr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;nnue;help' {
            [CompletionResult]::new('gen', 'gen', [CompletionResultType]::ParameterValue, 'Make training positions: a UCI engine plays itself from random openings')
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train an evaluation network on scored positions (`FEN | score | result` lines)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;nnue;help;gen' {
            break
        }
        'chessbot;nnue;help;train' {
            break
        }
        'chessbot;nnue;help;help' {
            break
        }
        'chessbot;tune' {
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Data files (repeat the flag for several)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the validation split and the batch order')
            [CompletionResult]::new('--epochs', '--epochs', [CompletionResultType]::ParameterName, 'Passes over the training positions')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Positions per optimiser step')
            [CompletionResult]::new('--lr', '--lr', [CompletionResultType]::ParameterName, 'Peak Adam step, in centipawns')
            [CompletionResult]::new('--score-weight', '--score-weight', [CompletionResultType]::ParameterName, 'Weight of the search score against the game result in the target (0..=1)')
            [CompletionResult]::new('--only', '--only', [CompletionResultType]::ParameterName, 'Tune only this section of the weights (repeat for several; names as the comments of `src/search/params/tuned.rs` give them, e.g. "passed pawn"); the others stay as they are')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the tuned weights (Rust source of `search::params::tuned`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'chessbot;help' {
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the leaf nodes of the legal move tree (move generator check and speed test)')
            [CompletionResult]::new('uci', 'uci', [CompletionResultType]::ParameterValue, 'Run as a UCI engine on stdin/stdout (for chess GUIs, cutechess-cli, python-chess)')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play a game in the terminal against our engine or a UCI engine such as Stockfish')
            [CompletionResult]::new('autoplay', 'autoplay', [CompletionResultType]::ParameterValue, 'Play on an on-screen chessboard (a local GUI) with screen capture and the mouse')
            [CompletionResult]::new('selfplay', 'selfplay', [CompletionResultType]::ParameterValue, 'Play matches between built-in players and UCI engines, with PGN, Elo and SPRT')
            [CompletionResult]::new('book', 'book', [CompletionResultType]::ParameterValue, 'Build Polyglot opening books from games, or list a position''s book moves')
            [CompletionResult]::new('bestmove', 'bestmove', [CompletionResultType]::ParameterValue, 'Search a position with our engine and print the best move, score and principal variation')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Search a fixed list of positions to a fixed depth: a deterministic node count and speed')
            [CompletionResult]::new('analyze', 'analyze', [CompletionResultType]::ParameterValue, 'Review games with our engine or Stockfish: annotated PGN, mistakes, accuracy')
            [CompletionResult]::new('recognize', 'recognize', [CompletionResultType]::ParameterValue, 'Read chess positions (FEN) from screenshots of boards')
            [CompletionResult]::new('vision', 'vision', [CompletionResultType]::ParameterValue, 'Square classifier: train, measure, render training boards')
            [CompletionResult]::new('nnue', 'nnue', [CompletionResultType]::ParameterValue, 'Evaluation network: train it on scored positions')
            [CompletionResult]::new('tune', 'tune', [CompletionResultType]::ParameterValue, 'Tune the hand-written evaluation''s weights on scored positions (Texel tuning)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'chessbot;help;perft' {
            break
        }
        'chessbot;help;uci' {
            break
        }
        'chessbot;help;play' {
            break
        }
        'chessbot;help;autoplay' {
            break
        }
        'chessbot;help;selfplay' {
            break
        }
        'chessbot;help;book' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Build a Polyglot book from the games of a PGN file (weights from results)')
            [CompletionResult]::new('probe', 'probe', [CompletionResultType]::ParameterValue, 'List the book moves of a position with their weights')
            break
        }
        'chessbot;help;book;build' {
            break
        }
        'chessbot;help;book;probe' {
            break
        }
        'chessbot;help;bestmove' {
            break
        }
        'chessbot;help;bench' {
            break
        }
        'chessbot;help;analyze' {
            break
        }
        'chessbot;help;recognize' {
            break
        }
        'chessbot;help;vision' {
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train the square classifier on boards rendered from the training piece sets')
            [CompletionResult]::new('dataset', 'dataset', [CompletionResultType]::ParameterValue, 'Write the crops that training draws to a file, for trainers outside the binary')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure a square classifier on rendered boards of the held-out (or all) piece sets')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a board (or a whole screenshot around it) to an image file')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Benchmark the whole recognition pipeline on rendered screenshots of held-out piece sets (and on real screenshots with `--real`)')
            [CompletionResult]::new('train-glyphs', 'train-glyphs', [CompletionResultType]::ParameterValue, 'Train the label reader''s glyph network on coordinate labels rendered in many fonts')
            [CompletionResult]::new('eval-glyphs', 'eval-glyphs', [CompletionResultType]::ParameterValue, 'Measure a glyph network on labels in the held-out (or all) font families')
            [CompletionResult]::new('fit-prior', 'fit-prior', [CompletionResultType]::ParameterValue, 'Fit the orientation''s position prior to the positions of games')
            [CompletionResult]::new('eval-prior', 'eval-prior', [CompletionResultType]::ParameterValue, 'Measure an orientation prior on the positions of games, shown either way up')
            break
        }
        'chessbot;help;vision;train' {
            break
        }
        'chessbot;help;vision;dataset' {
            break
        }
        'chessbot;help;vision;eval' {
            break
        }
        'chessbot;help;vision;render' {
            break
        }
        'chessbot;help;vision;bench' {
            break
        }
        'chessbot;help;vision;train-glyphs' {
            break
        }
        'chessbot;help;vision;eval-glyphs' {
            break
        }
        'chessbot;help;vision;fit-prior' {
            break
        }
        'chessbot;help;vision;eval-prior' {
            break
        }
        'chessbot;help;nnue' {
            [CompletionResult]::new('gen', 'gen', [CompletionResultType]::ParameterValue, 'Make training positions: a UCI engine plays itself from random openings')
            [CompletionResult]::new('train', 'train', [CompletionResultType]::ParameterValue, 'Train an evaluation network on scored positions (`FEN | score | result` lines)')
            break
        }
        'chessbot;help;nnue;gen' {
            break
        }
        'chessbot;help;nnue;train' {
            break
        }
        'chessbot;help;tune' {
            break
        }
        'chessbot;help;completions' {
            break
        }
        'chessbot;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
