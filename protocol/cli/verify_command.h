/* `rin verify`: checks proof files (formats rin-proof 1 and 2) with the rules
 * alone and says what they prove. */
#ifndef RIN_VERIFY_COMMAND_H
#define RIN_VERIFY_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after "verify"; returns the exit status (0 every
 * file proves its claims, 1 a file refused or unreadable, 2 bad arguments). */
int verify_command(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *verify_command_args(void);

#endif
