// The checkout the tests read battles and assets from. Only source_dir.cpp is compiled with its
// path, so a second checkout of the tree (a worktree) shares every other object in ccache.
#pragma once

const char *sns_test_source_dir();
#define SNS_SOURCE_DIR sns_test_source_dir()
