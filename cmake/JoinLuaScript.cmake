# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P script: OUT = banner + every LIB_FILES file + COMMAND_FILE.
# Run at build time so each shipped script is whole, while the library lives in one place:
# LIB_FILES is lua/lib/*.lua (sorted), COMMAND_FILE a per-command face (the unified qless.lua is
# joined by lua/joiner, qlessdesk-lazyjoin, which loads per call only what the command needs).
get_filename_component(name ${COMMAND_FILE} NAME)
set(text "-- qlessdesk qless script '${name}': generated from lua/lib/*.lua and lua/${name}.\n")
string(APPEND text "-- Edit those files, not this one.\n")
foreach(lib IN LISTS LIB_FILES)
    file(READ ${lib} body)
    string(APPEND text "${body}\n")
endforeach()
# The seed's per-command faces: the user's ACL is checked before the face's first write, as the
# unified script's dispatch does for its commands (Qless.check_permissions, lua/lib/10-base.lua).
get_filename_component(command ${COMMAND_FILE} NAME_WE)
if(NOT command STREQUAL "qless")
    string(APPEND text "Qless.check_permissions('${command}', ARGV)\n")
endif()
file(READ ${COMMAND_FILE} body)
string(APPEND text "${body}")
file(WRITE ${OUT}.tmp "${text}")
file(RENAME ${OUT}.tmp ${OUT})
