# Installing and packaging: `cmake --install BUILD [--prefix P]` lays out
#   bin/feedscope, bin/feedscope-gui
#   lib/feedscope/libfeedscope-inject.so (+ libcupti.so.13 beside it)   found by `record` as ../lib/feedscope
#   share/applications, share/icons, share/man/man1, share/bash-completion, share/zsh, share/doc/feedscope
# and `cpack -G DEB --config BUILD/CPackConfig.cmake` makes feedscope_<version>_<arch>.deb for Debian 12,
# its dependencies computed by dpkg-shlibdeps from the installed binaries.
include(GNUInstallDirs)

# The sample traces recorded on an H200: `feedscope report /usr/share/feedscope/samples/h200_naive.json.gz`.
install(DIRECTORY resources/samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/feedscope/samples)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

set(CPACK_PACKAGE_NAME feedscope)
set(CPACK_PACKAGE_VENDOR "Feedscope")
set(CPACK_PACKAGE_CONTACT "Feedscope maintainers <feedscope@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "GPU input-starvation profiler: is your GPU starving for input, why, and how much does prefetching help?")
set(CPACK_PACKAGE_DESCRIPTION
    "Feedscope reads PyTorch-profiler (Kineto) traces, Nsight Systems exports and its own CUPTI recordings and says how long the GPU waited for input, why (pageable copies, data loading, host stalls), and how much prefetching would help. CLI feedscope, desktop GUI feedscope-gui.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)  # a debug build's symbols would make the package ten times larger

find_program(FEEDSCOPE_DPKG dpkg)
set(deb_arch amd64)
if(FEEDSCOPE_DPKG)
  execute_process(COMMAND ${FEEDSCOPE_DPKG} --print-architecture OUTPUT_VARIABLE deb_arch
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
endif()
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${deb_arch})
set(CPACK_DEBIAN_FILE_NAME "feedscope_${PROJECT_VERSION}_${deb_arch}.deb")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://localhost/feedscope")
# Qt, SQLite, zlib, fmt, simdjson... from the binaries' NEEDED entries; libcupti travels in the package
# (lib/feedscope), so no package provides it and dpkg-shlibdeps is told to let it be.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The X11 and offscreen platform plugins come with libqt6gui6 (a shlibdeps dependency).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
include(CPack)
