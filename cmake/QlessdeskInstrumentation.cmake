# SPDX-License-Identifier: GPL-3.0-or-later
# Instrumented builds, each in a build directory of its own (never the everyday `build`):
#   QLESSDESK_SANITIZE=ON  the whole project with AddressSanitizer + UndefinedBehaviorSanitizer
#                          (`./run sanitize`); any report fails the test that made it.
#   QLESSDESK_FUZZ=ON      the libFuzzer targets in fuzz/ (clang only; `./run fuzz`), with the
#                          libraries they reach built with coverage, ASan and UBSan; the app,
#                          tests and package are left out since nothing there is fuzzed.
# UBSan stops at the first finding (-fno-sanitize-recover) so a report cannot scroll by unseen.
# float-cast-overflow is named because g++ leaves it out of `undefined` (a double beyond qint64
# cast to qint64 is how fuzz_decoders' first finding looked).

if(QLESSDESK_SANITIZE AND QLESSDESK_FUZZ)
    message(FATAL_ERROR "QLESSDESK_SANITIZE and QLESSDESK_FUZZ are separate builds: pick one")
endif()

set(qlessdesk_sanitizer_flags
    -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer)

if(QLESSDESK_SANITIZE)
    # -O1 -g1 after the build type's -O2 -g (the last one wins): CI builds the whole project a
    # second time under a time limit, and full debug info of every Qt type costs more compile and
    # link time than the rest; line tables are all a report's stack trace needs. -O1 is what the
    # ASan documentation suggests for readable traces at tolerable speed.
    add_compile_options(${qlessdesk_sanitizer_flags} -O1 -g1)
    add_link_options(-fsanitize=address,undefined,float-cast-overflow)
endif()

if(QLESSDESK_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "QLESSDESK_FUZZ needs clang (libFuzzer): configure with CXX=clang++")
    endif()
    # fuzzer-no-link: coverage for the libraries; only the fuzz executables link libFuzzer's main.
    add_compile_options(-fsanitize=fuzzer-no-link ${qlessdesk_sanitizer_flags})
    add_link_options(-fsanitize=address,undefined,float-cast-overflow)
endif()
