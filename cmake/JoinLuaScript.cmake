# cmake -P script: OUT = banner + every LIB_FILES file + COMMAND_FILE.
# Run at build time so each shipped script is whole, while helpers live in one place.
# LIB_DIR names the helpers' folder in the banner (lib by default; core for qless.lua).
get_filename_component(name ${COMMAND_FILE} NAME)
if(NOT LIB_DIR)
    set(LIB_DIR lib)
endif()
set(text "-- qlessdesk qless script '${name}': generated from lua/${LIB_DIR}/*.lua and lua/${name}.\n")
string(APPEND text "-- Edit those files, not this one.\n")
foreach(lib IN LISTS LIB_FILES)
    file(READ ${lib} body)
    string(APPEND text "${body}\n")
endforeach()
file(READ ${COMMAND_FILE} body)
string(APPEND text "${body}")
file(WRITE ${OUT}.tmp "${text}")
file(RENAME ${OUT}.tmp ${OUT})
