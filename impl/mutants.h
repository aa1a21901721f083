// Compile-time switches for mutation testing (tools/mutants/). Each realistic fault the suite must
// catch sits in impl/ as
//   #if ARIASUITE_MUTANT(name)
//     ... the faulty code ...
//   #else
//     ... the real code ...
//   #endif
// A normal build never defines ARIASUITE_MUTANT_ID, so every ARIASUITE_MUTANT(name) is 0 and the
// preprocessor drops the faulty code: the compiled library is the same as without the switches.
// `tools/ariasuite mutants` compiles the one file that holds a switch with
// -DARIASUITE_MUTANT_ID=<name>, which turns on that switch alone; every other name stays 0.
//
// Every name has a number below (the preprocessor compares numbers, not names) and a line in
// tools/mutants/catalogue.txt saying what the fault is; tools/mutants:catalogue_test checks that
// the three (switches in impl/, numbers here, catalogue) agree. A mutant build also embeds the
// string "ARIASUITE_MUTANT_ACTIVE=<name>" in each object that includes this header, which the
// harness checks for, and tools/mutants:no_mutant_test checks the normal build has none of.
#ifndef ARIASUITE_IMPL_MUTANTS_H_
#define ARIASUITE_IMPL_MUTANTS_H_

#ifdef ARIASUITE_MUTANT_ID

#define ARIASUITE_MUTANT_NUM_sbox_lane1_entry 1
#define ARIASUITE_MUTANT_NUM_sbox_b_matrix_row 2
#define ARIASUITE_MUTANT_NUM_sbox_inversion_chain 3
#define ARIASUITE_MUTANT_NUM_sbox_field_polynomial 4
#define ARIASUITE_MUTANT_NUM_diffusion_row 5
#define ARIASUITE_MUTANT_NUM_round_layer_swap 6
#define ARIASUITE_MUTANT_NUM_final_round_layer 7
#define ARIASUITE_MUTANT_NUM_batch_key_first_block 8
#define ARIASUITE_MUTANT_NUM_batch_tail_three 9
#define ARIASUITE_MUTANT_NUM_keysched_rotation_19 10
#define ARIASUITE_MUTANT_NUM_keysched_ek17_rotation 11
#define ARIASUITE_MUTANT_NUM_keysched_ck_order_192 12
#define ARIASUITE_MUTANT_NUM_rounds_192 13
#define ARIASUITE_MUTANT_NUM_deckey_skip_diffusion 14
#define ARIASUITE_MUTANT_NUM_ctr32_carry_bit32 15
#define ARIASUITE_MUTANT_NUM_ctr128_carry_64 16
#define ARIASUITE_MUTANT_NUM_cbc_decrypt_in_place 17
#define ARIASUITE_MUTANT_NUM_cbc_decrypt_chunk_iv 18
#define ARIASUITE_MUTANT_NUM_cbc_encrypt_iv_not_chained 19
#define ARIASUITE_MUTANT_NUM_ctr_tail_one_byte 20
#define ARIASUITE_MUTANT_NUM_ctr_stream_resume 21
#define ARIASUITE_MUTANT_NUM_ghash_reduction_constant 22
#define ARIASUITE_MUTANT_NUM_ghash_overflow_fold 23
#define ARIASUITE_MUTANT_NUM_ghash_clmul_partial 24
#define ARIASUITE_MUTANT_NUM_ghash_karatsuba_middle 25
#define ARIASUITE_MUTANT_NUM_gcm_iv12_shortcut 26
#define ARIASUITE_MUTANT_NUM_gcm_inc32_carry 27
#define ARIASUITE_MUTANT_NUM_gcm_tag_prefix 28
#define ARIASUITE_MUTANT_NUM_gcm_tag_counter 29
#define ARIASUITE_MUTANT_NUM_gcm_lengths_block 30
#define ARIASUITE_MUTANT_NUM_gcm_partial_dropped 31
#define ARIASUITE_MUTANT_NUM_gcm_partial_no_zero_pad 32
#define ARIASUITE_MUTANT_NUM_gcm_aad_not_flushed 33
#define ARIASUITE_MUTANT_NUM_gcm_stream_boundary 34
#define ARIASUITE_MUTANT_NUM_gcm_tag_length_check 35
#define ARIASUITE_MUTANT_NUM_aesni_lane_swap 36
#define ARIASUITE_MUTANT_NUM_gfni_avx2_lane_swap 37
#define ARIASUITE_MUTANT_NUM_gfni_avx512_lane_swap 38
#define ARIASUITE_MUTANT_NUM_aesni_tail 39
#define ARIASUITE_MUTANT_NUM_gfni_avx2_tail 40
#define ARIASUITE_MUTANT_NUM_gfni_avx512_tail63 41
#define ARIASUITE_MUTANT_NUM_aesni_ctr128_carry 42
#define ARIASUITE_MUTANT_NUM_gfni_avx512_ctr128_carry 43
#define ARIASUITE_MUTANT_NUM_gfni_avx2_ctr32_wrap 44
#define ARIASUITE_MUTANT_NUM_gfni_avx2_s2_matrix 45
#define ARIASUITE_MUTANT_NUM_ghash_clmul_reduction 46
#define ARIASUITE_MUTANT_NUM_ghash_vpclmul_power 47
#define ARIASUITE_MUTANT_NUM_ccm_length_field 48
#define ARIASUITE_MUTANT_NUM_ccm_aad_length_encoding 49
#define ARIASUITE_MUTANT_NUM_ccm_tag_check 50
#define ARIASUITE_MUTANT_NUM_cmac_subkey_constant 51
#define ARIASUITE_MUTANT_NUM_cmac_complete_block 52
#define ARIASUITE_MUTANT_NUM_kw_integrity_check 53
#define ARIASUITE_MUTANT_NUM_kwp_padding_check 54
#define ARIASUITE_MUTANT_NUM_kwp_length_bound 55
#define ARIASUITE_MUTANT_NUM_kw_unwrap_counter 56
#define ARIASUITE_MUTANT_NUM_pkcs5_last_byte_only 57
#define ARIASUITE_MUTANT_NUM_pkcs5_pad_zero 58
#define ARIASUITE_MUTANT_NUM_pkcs5_aligned_no_block 59
#define ARIASUITE_MUTANT_NUM_tls_aad_length 60
#define ARIASUITE_MUTANT_NUM_tls_nonce_construction 61
#define ARIASUITE_MUTANT_NUM_dispatch_override_ignored 62
#define ARIASUITE_MUTANT_NUM_sbox_table_leak 63
#define ARIASUITE_MUTANT_NUM_gcm_short_lengths 64
#define ARIASUITE_MUTANT_NUM_gcm_short_keystream 65
#define ARIASUITE_MUTANT_NUM_gcm_short_tag_prefix 66
#define ARIASUITE_MUTANT_NUM_gcm_short_open_release 67
#define ARIASUITE_MUTANT_NUM_aesni_small_sbox_row 68
#define ARIASUITE_MUTANT_NUM_gfni_avx512_small_sbox 69
#define ARIASUITE_MUTANT_NUM_gfni_avx512_small_mask 70

#define ARIASUITE_MUTANT_CAT_(a, b) a##b
#define ARIASUITE_MUTANT_CAT(a, b) ARIASUITE_MUTANT_CAT_(a, b)
#define ARIASUITE_MUTANT_ACTIVE_NUM ARIASUITE_MUTANT_CAT(ARIASUITE_MUTANT_NUM_, ARIASUITE_MUTANT_ID)
#if ARIASUITE_MUTANT_ACTIVE_NUM == 0
#error "ARIASUITE_MUTANT_ID names no mutant of tools/mutants/catalogue.txt"
#endif
#define ARIASUITE_MUTANT(name) (ARIASUITE_MUTANT_NUM_##name == ARIASUITE_MUTANT_ACTIVE_NUM)

#define ARIASUITE_MUTANT_STR_(x) #x
#define ARIASUITE_MUTANT_STR(x) ARIASUITE_MUTANT_STR_(x)
// The marker: kept in the object file even though nothing refers to it.
[[gnu::used]] static const char kAriasuiteMutantMarker[] =
    "ARIASUITE_MUTANT_ACTIVE=" ARIASUITE_MUTANT_STR(ARIASUITE_MUTANT_ID);

#else  // a normal build

#define ARIASUITE_MUTANT(name) 0

#endif  // ARIASUITE_MUTANT_ID

#endif  // ARIASUITE_IMPL_MUTANTS_H_
