// InputError and its siblings live in errors.h (one error model); this header stays for its users.
#pragma once

#include "io/errors.h"
