"""backend_library: one implementation behind the Backend interface (oracles/BUILD).

backend_library(name = "botan_backend", deps = [...]) is the cc_library of botan_backend.cc over
:backend and deps; it has no header of its own, since backend.h declares every backend's factory
(MakeBotanBackend).
"""

def backend_library(name, deps = []):
    native.cc_library(
        name = name,
        srcs = [name + ".cc"],
        deps = [":backend"] + deps,
    )
