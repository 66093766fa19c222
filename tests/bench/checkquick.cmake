# SPDX-License-Identifier: GPL-3.0-or-later
# bench_quick: runs qlessdesk-bench --quick and checks that it ran and that its JSON holds every
# figure with both sides measured. Timings are never judged here: benchmarks do not fail tests.
# -DBENCH=<qlessdesk-bench> -DOUT=<json file>
cmake_minimum_required(VERSION 3.21)
file(REMOVE ${OUT})
execute_process(COMMAND ${BENCH} --quick --out ${OUT} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "qlessdesk-bench --quick failed (${result})")
endif()
file(READ ${OUT} json)

set(expected
    throughput_put throughput_pop throughput_complete throughput_fail throughput_unfail stall_throughput
    throughput_qless_put throughput_qless_pop throughput_qless_complete throughput_qless_fail
    throughput_qless_unfail
    throughput_qless_script_put throughput_qless_script_pop throughput_qless_script_complete
    throughput_qless_script_fail throughput_qless_script_unfail
    overview_first_fill overview_refresh overview_refresh_vs_unbounded stall_overview alert_check stall_alert_check
    group_first_rows stall_first_rows group_scroll stall_scroll group_memory group_memory_vs_raw group_memory_depth
    stall_priority_refresh
    malformed_open stall_malformed
    activity_first_rows stall_activity_open activity_scroll stall_activity_scroll activity_memory
    clusters_scan stall_clusters
    retry_all stall_retry_all
    events_rate stall_events events_memory
    search_first_result search_total stall_search search_longest_call
    redis_longest_call redis_call_alone
    redis_largest_burst operator_ping_wait operator_longest_call
    blueque_overview_fill blueque_overview_refresh stall_blueque_overview blueque_first_rows stall_blueque_first_rows
    blueque_scroll stall_blueque_scroll blueque_requeue_all blueque_requeue_all_longest_call stall_blueque_requeue_all
    blueque_alone_detect blueque_alone_overview blueque_alone_taskpage_top blueque_alone_taskpage_deep
    blueque_alone_taskrecord blueque_alone_scan blueque_alone_sscan blueque_alone_requeue_deep
    blueque_alone_delete_deep blueque_alone_requeue_budget blueque_alone_requeue_top blueque_alone_runnow
    blueque_alone_enqueuedue blueque_alone_requeueall blueque_alone_purge)
string(JSON count LENGTH "${json}" figures)
set(found "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
    string(JSON id GET "${json}" figures ${i} id)
    list(APPEND found ${id})
    foreach(field ours raw)
        string(JSON type TYPE "${json}" figures ${i} ${field})
        if(NOT type STREQUAL "NUMBER")
            message(FATAL_ERROR "figure ${id}: '${field}' is ${type}, not a number")
        endif()
    endforeach()
    string(JSON verdict GET "${json}" figures ${i} verdict)
    if(NOT verdict MATCHES "^(ok|over|info)$")
        message(FATAL_ERROR "figure ${id}: verdict '${verdict}'")
    endif()
endforeach()
foreach(id IN LISTS expected)
    if(NOT id IN_LIST found)
        message(FATAL_ERROR "figure ${id} is missing from ${OUT}")
    endif()
endforeach()
# Every Blueque kind callkinds.cpp names (tst_costcontract links each to a command) is measured:
# redis_call_alone names each kind it timed.
execute_process(COMMAND ${BENCH} --list-call-kinds OUTPUT_VARIABLE kinds RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "qlessdesk-bench --list-call-kinds failed (${result})")
endif()
foreach(i RANGE ${last})
    string(JSON id GET "${json}" figures ${i} id)
    if(id STREQUAL "redis_call_alone")
        string(JSON alone GET "${json}" figures ${i} note)
    endif()
endforeach()
string(REPLACE "\n" ";" kinds "${kinds}")
foreach(line IN LISTS kinds)
    if(line MATCHES "\t(blueque .*)$")
        string(FIND "${alone}" "${CMAKE_MATCH_1}: " at)
        if(at EQUAL -1)
            message(FATAL_ERROR "call kind '${CMAKE_MATCH_1}' is not in redis_call_alone")
        endif()
    endif()
endforeach()
message(STATUS "bench_quick: all ${count} figures present")
