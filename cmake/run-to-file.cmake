# cmake -DPROGRAM=exe "-DARGS=a b" -DOUTPUT=file -P run-to-file.cmake: runs a program and writes its
# standard output to a file, failing the build when the program fails (no shell redirection needed).
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "${PROGRAM} ${ARGS} failed: ${result}")
endif()
