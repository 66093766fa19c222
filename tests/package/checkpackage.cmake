# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P script run by ctest: builds the .deb with CPack from the build tree, unpacks it, and
# checks what a user gets: the binaries and their private libraries, desktop integration, dependencies found by shlibdeps,
# and that the unpacked qlessdesk runs (--version, with no display).
set(out ${BUILD}/package-test)
file(REMOVE_RECURSE ${out})
execute_process(COMMAND ${CPACK} --config ${BUILD}/CPackConfig.cmake -B ${out}
                RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack failed:\n${log}")
endif()
file(GLOB debs ${out}/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one .deb in ${out}, found ${count}")
endif()
list(GET debs 0 deb)
execute_process(COMMAND dpkg-deb -x ${deb} ${out}/root RESULT_VARIABLE rc ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "dpkg-deb -x failed: ${log}")
endif()
file(GLOB_RECURSE private_libraries RELATIVE ${out}/root ${out}/root/usr/lib/*.so)
list(FILTER private_libraries INCLUDE REGEX "/qlessdesk/libqlessdesk_(redis|model|app)\\.so$")
list(LENGTH private_libraries count)
if(NOT count EQUAL 3)
    message(FATAL_ERROR "expected the console's three libraries in a qlessdesk folder under usr/lib, found: ${private_libraries}")
endif()
foreach(path usr/bin/qlessdesk usr/bin/qlessdesk-simulator
        usr/share/applications/io.github.qlessdesk.desktop
        usr/share/metainfo/io.github.qlessdesk.metainfo.xml
        usr/share/icons/hicolor/scalable/apps/qlessdesk.svg
        usr/share/doc/qlessdesk/copyright)
    if(NOT EXISTS ${out}/root/${path})
        message(FATAL_ERROR "the package lacks ${path}")
    endif()
endforeach()
file(READ ${out}/root/usr/share/doc/qlessdesk/copyright copyright)
if(NOT copyright MATCHES "License: GPL-3.0-or-later")
    message(FATAL_ERROR "the package's copyright file names no GPL-3.0-or-later")
endif()
execute_process(COMMAND dpkg-deb -f ${deb} Depends OUTPUT_VARIABLE depends)
foreach(dependency libqt6widgets6 libhiredis libqt6charts6)
    if(NOT depends MATCHES ${dependency})
        message(FATAL_ERROR "Depends lacks ${dependency}: ${depends}")
    endif()
endforeach()
execute_process(COMMAND env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM ${out}/root/usr/bin/qlessdesk --version
                RESULT_VARIABLE rc OUTPUT_VARIABLE version ERROR_VARIABLE log)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^qlessdesk ${VERSION}")
    message(FATAL_ERROR "the unpacked qlessdesk --version gave ${rc}: ${version}${log}")
endif()
message(STATUS "package ${deb}: ok (${version})")
