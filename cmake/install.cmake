# What `cmake --install build [--prefix P]` puts under the prefix (default
# /usr/local), as GNU Go, Pachi and Stockfish install:
#   bin/rin                     the engine
#   bin/rin-match, rin-review, rin-web
#                               scripts/match, review and rin-web, which find
#                               their packages and the engine from where they
#                               are (scripts/rinlib/paths.py): keep these
#                               folders as they are
#   share/rin/python/           the packages rinlib, rinmatch and rinweb
#                               (with the web page's files)
#   share/man/man6/rin.6        the manual page (protocol/cli/rin.6)
#   share/doc/rin/              the documents, in the folders they have here
#                               so that their links between them hold
install(TARGETS rin RUNTIME DESTINATION bin)
install(PROGRAMS scripts/match DESTINATION bin RENAME rin-match)
install(PROGRAMS scripts/review DESTINATION bin RENAME rin-review)
install(PROGRAMS scripts/rin-web DESTINATION bin)
install(DIRECTORY scripts/rinlib scripts/rinmatch scripts/rinweb DESTINATION share/rin/python
        PATTERN __pycache__ EXCLUDE
        PATTERN docs EXCLUDE)
install(FILES protocol/cli/rin.6 DESTINATION share/man/man6)
foreach(document README.md LICENSE engine/RULES.md engine/STRENGTH.md engine/STRENGTH-LOG.md
                 engine/STRENGTH-NOTES.md engine/strength-log.jsonl engine/solve/SOLVE.md
                 engine/solve/SOLVE-RESULTS.md engine/learn/TRAINING.md engine/learn/TRAINING-RESULTS.md
                 protocol/PROTOCOL.md protocol/formats/FORMATS.md scripts/README.md
                 scripts/rinweb/docs/screenshot.png)
  get_filename_component(folder ${document} DIRECTORY)
  install(FILES ${document} DESTINATION share/doc/rin/${folder})
endforeach()
