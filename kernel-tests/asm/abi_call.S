/* The call trampoline of the ABI audit (abi_call.h): calls one kernel ARIA function on a private
 * stack with the callee-saved registers holding canaries, the direction flag clear and the upper
 * vector state clean (vzeroupper), then records what the function left: the callee-saved
 * registers, RFLAGS and XINUSE (XGETBV with ECX=1) right after it returns. Optionally sets the
 * trap flag just before the call, so that every instruction of the function traps (the red-zone
 * trace in abi_call.cc). Written for ariasuite.
 *
 * struct AbiFrame (abi_call.h; offsets static_asserted there):
 *     0 fn            8 args[5]        48 call_rsp (rsp before the call: entry rsp + 8)
 *    56 canary[6]   104 out[6]  (rbx, rbp, r12, r13, r14, r15)
 *   152 rflags      160 xinuse_entry   168 xinuse_exit   176 flags (1: XGETBV(1), 2: trace)
 */

/* The frame (%r10)'s 8-byte slots from offset OFF on, one a register of REGS in order: into the
 * registers (load_slots) or from them (store_slots). */
	.macro	load_slots off, regs:vararg
	.set	.Lslot, \off
	.irp	reg, \regs
	mov	.Lslot(%r10), %\reg
	.set	.Lslot, .Lslot + 8
	.endr
	.endm

	.macro	store_slots off, regs:vararg
	.set	.Lslot, \off
	.irp	reg, \regs
	mov	%\reg, .Lslot(%r10)
	.set	.Lslot, .Lslot + 8
	.endr
	.endm

	.text
	.globl	ariasuite_abi_call
	.type	ariasuite_abi_call, @function
	.p2align 4
ariasuite_abi_call:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rsp, abi_host_rsp(%rip)
	mov	%rdi, abi_frame(%rip)
	mov	%rdi, %r10
	testq	$1, 176(%r10)
	jz	1f
	vzeroupper			/* the upper state the function starts from: clean */
	mov	$1, %ecx
	xgetbv
	mov	%eax, 160(%r10)
	mov	%edx, 164(%r10)
1:
	mov	48(%r10), %rsp		/* the private stack */
	mov	0(%r10), %r11
	load_slots 8, rdi, rsi, rdx, rcx, r8		/* args[5] */
	load_slots 56, rbx, rbp, r12, r13, r14, r15	/* canary[6] */
	cld
	testq	$2, 176(%r10)
	jz	2f
	pushfq
	orq	$0x100, (%rsp)		/* TF: a trap after every instruction from here on */
	popfq
2:
	call	*%r11
	.globl	ariasuite_abi_return
ariasuite_abi_return:
	pushfq				/* the function's RFLAGS (DF), before anything changes them */
	mov	abi_frame(%rip), %r10
	popq	152(%r10)
	testq	$1, 176(%r10)
	jz	3f
	mov	$1, %ecx		/* XINUSE right after the return */
	xgetbv
	mov	%eax, 168(%r10)
	mov	%edx, 172(%r10)
3:
	store_slots 104, rbx, rbp, r12, r13, r14, r15	/* out[6] */
	pushfq
	andq	$~0x500, (%rsp)		/* TF and DF off */
	popfq
	mov	abi_host_rsp(%rip), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.globl	ariasuite_abi_call_end
ariasuite_abi_call_end:
	.size	ariasuite_abi_call, . - ariasuite_abi_call

	.local	abi_host_rsp, abi_frame
	.comm	abi_host_rsp, 8, 8
	.comm	abi_frame, 8, 8
	.section .note.GNU-stack, "", @progbits
