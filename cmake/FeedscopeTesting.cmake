# feedscope_add_test(NAME <exe> SOURCES ... LIBS ... [LABELS ...]): one GoogleTest executable per target.
function(feedscope_add_test)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main feedscope_warnings)
  target_compile_definitions(${ARG_NAME} PRIVATE
    FEEDSCOPE_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
    FEEDSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  set(labels unit ${ARG_LABELS})
  gtest_discover_tests(${ARG_NAME} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 120 LABELS "${labels}")
endfunction()
