# Layers the build enforces (docs/architecture.md): each library exposes only its own folder of
# headers, so `#include "analysis/..."` compiles only in a target that links feedscope_analysis (or a
# library that exports it). The folder is reached through a symbolic link in the build tree: the
# includes keep their form ("analysis/run_analysis.h") and the sources stay where they are.
# tests/layers/check_includes.py checks the same table of allowed dependencies on every #include.
function(feedscope_public_headers target folder)
  cmake_parse_arguments(ARG "" "FROM" "" ${ARGN})
  set(from "${PROJECT_SOURCE_DIR}/profiler/${folder}")
  if(ARG_FROM)
    set(from "${ARG_FROM}")
  endif()
  set(root "${PROJECT_BINARY_DIR}/public-headers/${folder}")
  if(NOT EXISTS "${root}/${folder}")
    file(MAKE_DIRECTORY "${root}")
    file(CREATE_LINK "${from}" "${root}/${folder}" SYMBOLIC)
  endif()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")  # headers only (io/: the error model)
    target_include_directories(${target} INTERFACE "$<BUILD_INTERFACE:${root}>")
  else()
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${root}>")
  endif()
endfunction()
