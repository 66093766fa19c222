# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P script run by ctest (tst_appfolders): the folders of app/ depend on each other in one
# direction only (window -> pages -> actions -> widgets, say), never in a circle. A folder that
# includes a header of another folder depends on it; when one folder reaches itself again through
# such includes, this fails and names every include that closes a circle, with the way back.
# Headers are found by file name alone, as app/CMakeLists.txt makes every folder an include
# directory; an include that names its folder (tests do) is read by its file name too. The files
# at the top of app/ (the programs' main functions) sit above every folder and count as none.
# -DSOURCE_DIR=<the source tree>
cmake_minimum_required(VERSION 3.21)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "pass -DSOURCE_DIR=<the source tree>")
endif()
set(app ${SOURCE_DIR}/app)

file(GLOB_RECURSE app_files RELATIVE ${app} ${app}/*.h ${app}/*.cpp)
if(NOT app_files)
    message(FATAL_ERROR "no source found in ${app}")
endif()

# The folder of each file ("" for the top of app/) and, per header file name, the folders that
# hold one by that name.
function(folder_of path out)
    string(FIND "${path}" "/" slash)
    if(slash EQUAL -1)
        set(${out} "" PARENT_SCOPE)
    else()
        string(SUBSTRING "${path}" 0 ${slash} folder)
        set(${out} ${folder} PARENT_SCOPE)
    endif()
endfunction()

set(folders)
foreach(path IN LISTS app_files)
    folder_of(${path} folder)
    if(NOT folder)
        continue()
    endif()
    list(APPEND folders ${folder})
    if(path MATCHES "\\.h$")
        get_filename_component(name ${path} NAME)
        string(MAKE_C_IDENTIFIER "${name}" key)
        list(APPEND holders_${key} ${folder})
    endif()
endforeach()
list(REMOVE_DUPLICATES folders)
list(SORT folders)

# Edges: depends_<folder> lists the folders it includes from; why_<from>_<to> the first include
# that makes it so, for the message.
foreach(path IN LISTS app_files)
    folder_of(${path} from)
    if(NOT from)
        continue()
    endif()
    file(STRINGS ${app}/${path} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]*)[>\"].*$" "\\1" included "${line}")
        get_filename_component(name "${included}" NAME)
        string(MAKE_C_IDENTIFIER "${name}" key)
        foreach(to IN LISTS holders_${key})
            if(to STREQUAL from)
                continue()
            endif()
            if(NOT to IN_LIST depends_${from})
                list(APPEND depends_${from} ${to})
                set(why_${from}_${to} "app/${path} includes ${name} of app/${to}/")
            endif()
        endforeach()
    endforeach()
endforeach()

# The folders `start` reaches, each with the folder it was reached from (breadth first), so that
# a way back can be spelled out.
function(reach start out)
    set(seen)
    set(queue ${start})
    while(queue)
        list(POP_FRONT queue at)
        foreach(next IN LISTS depends_${at})
            if(NOT next IN_LIST seen)
                list(APPEND seen ${next})
                list(APPEND queue ${next})
                set(reached_from_${start}_${next} ${at} PARENT_SCOPE)
            endif()
        endforeach()
    endwhile()
    set(${out} ${seen} PARENT_SCOPE)
endfunction()

foreach(folder IN LISTS folders)
    reach(${folder} reaches_${folder})
endforeach()

# An edge from -> to closes a circle when `to` reaches `from` again.
set(problems)
foreach(from IN LISTS folders)
    foreach(to IN LISTS depends_${from})
        if(NOT from IN_LIST reaches_${to})
            continue()
        endif()
        set(way "${from}")
        set(at ${from})
        while(NOT at STREQUAL to)
            set(at ${reached_from_${to}_${at}})
            string(PREPEND way "${at} -> ")
        endwhile()
        list(APPEND problems "${from} -> ${to} (${why_${from}_${to}}), and back: ${way}")
    endforeach()
endforeach()

if(problems)
    list(LENGTH problems count)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "${count} include(s) between folders of app/ close a circle (move the shared "
                        "piece down into a folder both use, or turn the dependency round):\n  ${text}")
endif()
set(edges 0)
foreach(folder IN LISTS folders)
    list(LENGTH depends_${folder} count)
    math(EXPR edges "${edges} + ${count}")
endforeach()
list(LENGTH folders count)
message(STATUS "${count} folders of app/, ${edges} dependencies between them, no circle")
