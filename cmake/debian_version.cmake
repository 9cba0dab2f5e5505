# rin --version's version in Debian's spelling, for the package and its
# changelog: 0.1.0-dev-20261127-2701658, a build from git, becomes
# 0.1.0~dev20261127.2701658, which Debian sorts before the release 0.1.0
# and after older commits' days; a release stays as it is.
function(rin_debian_version version out)
  string(REGEX REPLACE "^([0-9.]+)-dev-([0-9]+)-([0-9a-f]+)$" "\\1~dev\\2.\\3" debian "${version}")
  set(${out} "${debian}" PARENT_SCOPE)
endfunction()
