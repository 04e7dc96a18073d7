# feedscope_add_test(NAME <exe> SOURCES ... LIBS ... [LABELS label]): one GoogleTest executable per target,
# its tests labelled `unit` unless another label is given (gpu: needs a real GPU, skips without one).
function(feedscope_add_test)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main feedscope_warnings)
  target_compile_definitions(${ARG_NAME} PRIVATE
    FEEDSCOPE_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
    FEEDSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  # One label per test: gtest_discover_tests splits a list value ("unit;gpu") into separate properties.
  set(label unit)
  if(ARG_LABELS)
    set(label ${ARG_LABELS})
  endif()
  gtest_discover_tests(${ARG_NAME} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 120 LABELS "${label}")
endfunction()
