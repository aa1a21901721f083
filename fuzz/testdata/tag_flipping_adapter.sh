#!/bin/sh
# A planted fault for //fuzz:gcm_layer_boringssl_plant_test: the BoringSSL adapter
# ($REAL_BORINGSSL_ADAPTER) behind a filter that changes the first hex digit of every non-empty tag
# it answers (0 -> f, else -> 0), so each seal's tag differs from BoringSSL's real one by one byte.
"$REAL_BORINGSSL_ADAPTER" |
  sed -u -E -e 's/^(ok out=[0-9a-f]* tag=)0/\1f/' -e 't' -e 's/^(ok out=[0-9a-f]* tag=)[0-9a-f]/\10/'
