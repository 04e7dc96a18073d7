# feedscope_relocatable_runpath(TARGET): the RUNPATH of a binary that links CUPTI and must run wherever
# its folder is put (installed under a prefix, or the folder tests/gpu packs for the GPU machine):
# <prefix>/lib/feedscope (the libcupti installed beside libfeedscope-inject.so), <prefix>/lib (libraries
# the device folder carries, such as Debian's libfmt and libsimdjson), then the toolkit's libcupti where
# this build found it. Set for the build tree too (BUILD_WITH_INSTALL_RPATH): CMake's own build RPATH
# is padded with empty entries for the install-time rewrite, and the loader reads an empty entry as
# the current directory. tests/install/check-device-folder.sh checks the packed result.
function(feedscope_relocatable_runpath target)
  get_target_property(cupti_library CUDA::cupti LOCATION)
  get_filename_component(cupti_dir "${cupti_library}" DIRECTORY)
  set_target_properties(${target} PROPERTIES
    BUILD_WITH_INSTALL_RPATH ON
    INSTALL_RPATH "$ORIGIN/../lib/feedscope;$ORIGIN/../lib;${cupti_dir}")
endfunction()
