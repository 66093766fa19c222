# SPDX-License-Identifier: GPL-3.0-or-later
# qlessdesk_folders_of(<out> <source>...): the folders the sources lie in, each once. app/, model/
# and redis/ make each of their folders an include directory, so that a header is named by its
# file alone and a file moving between folders changes no #include.
function(qlessdesk_folders_of out)
    set(dirs)
    foreach(source IN LISTS ARGN)
        get_filename_component(dir ${source} DIRECTORY)
        list(APPEND dirs ${dir})
    endforeach()
    list(REMOVE_DUPLICATES dirs)
    set(${out} ${dirs} PARENT_SCOPE)
endfunction()
