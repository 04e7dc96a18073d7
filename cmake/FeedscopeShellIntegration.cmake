# Shell completions (bash, zsh) and the feedscope(1) man page, generated at build time by running the
# built CLI's hidden `completion` and `man` commands, so they come from the same CLI11 definitions as
# --help. Installed where bash-completion, zsh and man look.
function(feedscope_generate_shell_integration cli_target)
  set(out ${CMAKE_CURRENT_BINARY_DIR})
  set(run_to_file ${PROJECT_SOURCE_DIR}/cmake/run-to-file.cmake)
  add_custom_command(
    OUTPUT ${out}/feedscope.bash ${out}/_feedscope ${out}/feedscope.1
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${cli_target}> "-DARGS=completion bash"
            -DOUTPUT=${out}/feedscope.bash -P ${run_to_file}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${cli_target}> "-DARGS=completion zsh"
            -DOUTPUT=${out}/_feedscope -P ${run_to_file}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${cli_target}> -DARGS=man
            -DOUTPUT=${out}/feedscope.1 -P ${run_to_file}
    DEPENDS ${cli_target} ${run_to_file}
    COMMENT "Generating feedscope's shell completions and man page"
    VERBATIM)
  add_custom_target(feedscope-shell-integration ALL
    DEPENDS ${out}/feedscope.bash ${out}/_feedscope ${out}/feedscope.1)
  install(FILES ${out}/feedscope.bash DESTINATION share/bash-completion/completions RENAME feedscope)
  install(FILES ${out}/_feedscope DESTINATION share/zsh/vendor-completions)
  install(FILES ${out}/feedscope.1 DESTINATION share/man/man1)
endfunction()
