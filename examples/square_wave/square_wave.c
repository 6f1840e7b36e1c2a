// SPDX-License-Identifier: GPL-2.0
/*
 * examples/square_wave/square_wave.c - a periodic control loop: the shape of
 * most real-time control code. Every period (1 kHz by default) one job:
 *   1. measures its release latency (how late the job started),
 *   2. updates a square-wave setpoint (0 / amplitude, toggling every
 *      half_period_ms) and drives a simulated digital output with it (the
 *      "pin" whose edges would go to a scope),
 *   3. reads a simulated plant (a first-order lag, time constant tau_ms),
 *   4. computes one PI controller step in integer (Q8 fixed-point) math and
 *      applies the command to the plant, clamped, with anti-windup.
 * Everything is integer: no FPU state, so the task needs no uses_fpu.
 * Statistics are printed once per second (rt_printk, from the task) and in
 * full at unload (pr_info): jobs, overruns, latency min/avg/max, output
 * edges, and for the controller the error at the end of every half period
 * (how well it settled) and the worst overshoot.
 */
#include <linux/math64.h>
#include <linux/module.h>

#include <rtai_sched.h>

static int period_us = 1000;
module_param(period_us, int, 0444);
MODULE_PARM_DESC(period_us, "control period (us)");
static int half_period_ms = 50;
module_param(half_period_ms, int, 0444);
MODULE_PARM_DESC(half_period_ms, "the setpoint toggles every half_period_ms");
static int amplitude = 1000;
module_param(amplitude, int, 0444);
static int tau_ms = 10;
module_param(tau_ms, int, 0444);
MODULE_PARM_DESC(tau_ms, "time constant of the simulated plant");
static int kp_q8 = 512; /* 2.0 */
module_param(kp_q8, int, 0444);
static int ki_q8 = 51; /* 0.2 per period */
module_param(ki_q8, int, 0444);
static int priority;
module_param(priority, int, 0444);

#define U_MAX 4000

static RT_TASK task;

/* The simulated world: the output pin and the plant state (Q8). */
static int pin;
static long long plant_q8;

/* Statistics (written by the task, read at unload). */
static long long jobs, overruns, edges;
static long long lat_min = LLONG_MAX, lat_max, lat_sum;
static long long halves, end_err_max, overshoot_max, last_end_err;

static int plant_read(void)
{
	return (int)(plant_q8 >> 8);
}

/* y += (u - y) * dt / tau, with dt = one period. */
static void plant_apply(int u)
{
	int steps = tau_ms * 1000 / period_us;

	/* div_s64: 32-bit ARM kernels have no 64-bit "/" (linux/math64.h) */
	plant_q8 += div_s64(((long long)u << 8) - plant_q8, steps > 0 ? steps : 1);
}

static void control(long unused)
{
	RTIME period = nano2count((RTIME)period_us * 1000);
	RTIME release = rt_get_time() + period;
	int per_half = half_period_ms * 1000 / period_us;
	int per_second = 1000000 / period_us;
	int in_half = 0, in_second = 0; /* jobs since the half period, the second began */
	int high = 1;                   /* the next half period's setpoint is amplitude */
	long long seconds = 0;
	long long integ_q8 = 0;
	int setpoint = 0;

	if (per_half < 1)
		per_half = 1;
	if (per_second < 1)
		per_second = 1;
	rt_task_make_periodic(NULL, release, period);
	for (;;) {
		long long lat = rt_get_time() - release; /* first thing of the job */
		int y, e, u;

		if (lat < lat_min)
			lat_min = lat;
		if (lat > lat_max)
			lat_max = lat;
		lat_sum += lat;

		/* Setpoint and output pin: a square wave. */
		if (in_half == 0) {
			setpoint = high ? amplitude : 0;
			high = !high;
			pin = setpoint != 0;
			edges++;
		}

		/* PI step in Q8 fixed point, with anti-windup clamps. */
		y = plant_read();
		e = setpoint - y;
		integ_q8 += (long long)ki_q8 * e;
		if (integ_q8 > (long long)U_MAX << 8)
			integ_q8 = (long long)U_MAX << 8;
		if (integ_q8 < -((long long)U_MAX << 8))
			integ_q8 = -((long long)U_MAX << 8);
		u = (int)(((long long)kp_q8 * e + integ_q8) >> 8);
		u = u > U_MAX ? U_MAX : u < -U_MAX ? -U_MAX : u;
		plant_apply(u);

		/* Controller quality: overshoot past the setpoint, error when
		 * the half period ends. */
		if (setpoint && y - setpoint > overshoot_max)
			overshoot_max = y - setpoint;
		if (!setpoint && -y > overshoot_max)
			overshoot_max = -y;
		if (in_half + 1 == per_half) {
			long long a = e < 0 ? -e : e;

			halves++;
			last_end_err = e;
			if (a > end_err_max)
				end_err_max = a;
		}
		jobs++;
		if (++in_half == per_half)
			in_half = 0;
		if (++in_second == per_second) {
			in_second = 0;
			seconds++;
			rt_printk("square_wave: %llds: jobs %lld, overruns %lld, latency max %lld ns, pin %d, setpoint %d, output %d\n",
				  seconds, jobs, overruns, count2nano(lat_max), pin, setpoint, plant_read());
		}

		while (rt_task_wait_period() == RTE_TMROVRN) {
			overruns++;
			release += period;
		}
		release += period;
	}
}

static int __init square_wave_init(void)
{
	int err;

	if (period_us <= 0 || half_period_ms <= 0 || tau_ms <= 0)
		return -EINVAL;
	err = rt_task_init(&task, control, 0, 8192, priority, 0, NULL);
	if (err)
		return err;
	pr_info("square_wave: %d us period, setpoint 0/%d toggling every %d ms, plant tau %d ms, kp %d/256, ki %d/256\n",
		period_us, amplitude, half_period_ms, tau_ms, kp_q8, ki_q8);
	return rt_task_resume(&task);
}

static void __exit square_wave_exit(void)
{
	rt_task_delete(&task);
	pr_info("square_wave: jobs %lld, overruns %lld, latency min %lld avg %lld max %lld ns\n", jobs, overruns,
		jobs ? count2nano(lat_min) : 0, jobs ? count2nano(div64_s64(lat_sum, jobs)) : 0, count2nano(lat_max));
	pr_info("square_wave: output edges %lld, half periods %lld, error at half-period end: max %lld last %lld (of %d), overshoot max %lld\n",
		edges, halves, end_err_max, last_end_err, amplitude, overshoot_max);
}

module_init(square_wave_init);
module_exit(square_wave_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus example: a 1 kHz control loop (square-wave setpoint, PI controller, simulated plant)");
