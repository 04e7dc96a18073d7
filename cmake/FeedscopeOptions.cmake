# Build options: tri-state feature switches (AUTO finds what it can, ON fails loudly, OFF skips).
set(FEEDSCOPE_WITH_CUDA "AUTO" CACHE STRING "Build the CUDA parts (collector, injection, workload): AUTO|ON|OFF")
set_property(CACHE FEEDSCOPE_WITH_CUDA PROPERTY STRINGS AUTO ON OFF)
set(FEEDSCOPE_WITH_GUI "AUTO" CACHE STRING "Build feedscope-gui (Qt 6 Widgets + Charts): AUTO|ON|OFF")
set_property(CACHE FEEDSCOPE_WITH_GUI PROPERTY STRINGS AUTO ON OFF)
set(FEEDSCOPE_WITH_ISAL "AUTO" CACHE STRING "Inflate gzip traces with ISA-L (libisal-dev), zlib otherwise: AUTO|ON|OFF (OFF forces zlib)")
set_property(CACHE FEEDSCOPE_WITH_ISAL PROPERTY STRINGS AUTO ON OFF)
option(FEEDSCOPE_BUILD_TESTS "Build the GoogleTest suites" ON)
option(FEEDSCOPE_BUILD_BENCHMARKS "Build the Google Benchmark programs under tests/bench" ON)
option(FEEDSCOPE_BUILD_FUZZERS "Build the libFuzzer targets (needs clang)" OFF)
option(FEEDSCOPE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(FEEDSCOPE_WARNINGS_AS_ERRORS "Treat compiler warnings as errors" OFF)

foreach(opt FEEDSCOPE_WITH_CUDA FEEDSCOPE_WITH_GUI FEEDSCOPE_WITH_ISAL)
  if(NOT ${opt} MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "${opt} must be AUTO, ON or OFF (got '${${opt}}')")
  endif()
endforeach()

if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()

add_library(feedscope_warnings INTERFACE)
target_compile_options(feedscope_warnings INTERFACE
  "$<$<COMPILE_LANGUAGE:CXX>:-Wall;-Wextra;-Wpedantic;-Wshadow;-Wnon-virtual-dtor;-Wconversion;-Wno-sign-conversion>"
  # nvcc takes host-compiler warnings through -Xcompiler and has its own for device code.
  "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Wshadow>")
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 reports false -Wrestrict positives inside std::string at -O2 (GCC bug 105329).
  target_compile_options(feedscope_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
endif()
if(FEEDSCOPE_WARNINGS_AS_ERRORS)
  target_compile_options(feedscope_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Werror>
                                                      $<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings>)
endif()

if(FEEDSCOPE_BUILD_FUZZERS)
  # Coverage instrumentation for libFuzzer plus ASan/UBSan on every library the targets link.
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:-fsanitize=fuzzer-no-link,address,undefined;-fno-omit-frame-pointer>")
  add_link_options(-fsanitize=address,undefined)
endif()

if(FEEDSCOPE_SANITIZE)
  # Host code only: nvcc does not take these (CUDA sources are left uninstrumented).
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:C,CXX>:-fsanitize=address,undefined;-fno-omit-frame-pointer;-fno-sanitize-recover=undefined>")
  add_link_options(-fsanitize=address,undefined)
endif()
