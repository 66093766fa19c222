# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P script: OUT = banner + every LIB_FILES file + ACTION_FILE, one SideJob action script
# whole as SCRIPT LOAD takes it, while what the actions share lives once in lua/sidejob/lib/.
get_filename_component(name ${ACTION_FILE} NAME)
set(text "-- qlessdesk SideJob script '${name}': generated from lua/sidejob/lib/*.lua and lua/sidejob/${name}.\n")
string(APPEND text "-- Edit those files, not this one.\n")
foreach(lib IN LISTS LIB_FILES)
    file(READ ${lib} body)
    string(APPEND text "${body}\n")
endforeach()
file(READ ${ACTION_FILE} body)
string(APPEND text "${body}")
file(WRITE ${OUT}.tmp "${text}")
file(RENAME ${OUT}.tmp ${OUT})
