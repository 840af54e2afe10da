# Writes help2man's include file for treelab-cli's man page: a COMMANDS section with the --help of
# every subcommand that `treelab-cli --help` lists, so the page describes each flag as the program does.
#   cmake -DCLI=path/to/treelab-cli -DOUT=treelab-cli.h2m -P cli_man_commands.cmake
execute_process(COMMAND ${CLI} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${CLI} --help failed (${status})")
endif()
string(REGEX REPLACE ".*\nSubcommands:\n" "" listing "${help}")
string(REGEX MATCHALL "(^|\n)  [a-z][a-z-]*" names "${listing}")
set(section "[COMMANDS]\nEach command's own help, as `treelab-cli COMMAND --help` prints it.\n")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  execute_process(COMMAND ${CLI} ${name} --help OUTPUT_VARIABLE text RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CLI} ${name} --help failed (${status})")
  endif()
  # The program's path as the build ran it, then roff: backslashes, and lines starting with . or '.
  string(REPLACE "${CLI}" "treelab-cli" text "${text}")
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(APPEND section ".SS \"treelab-cli ${name}\"\n.nf\n${text}.fi\n")
endforeach()
string(APPEND section "[SEE ALSO]\n.BR treelab (1)\n.PP\nThe manual, with each command's examples and every method's hyperparameters, starts at\n"
       ".I /usr/share/treelab/doc/index.md\nin the Debian package (share/treelab/doc under any other installation prefix).\n")
file(WRITE "${OUT}" "${section}")
