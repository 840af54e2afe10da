#pragma once
// What the benches that time one configuration per fresh process share: the calling thread's CPU
// time, the process's peak RSS, and running the bench again as a child to read its numbers.
#include <string>
#include <vector>

namespace treelab::bench {

double thread_cpu_seconds();  // CPU time of the calling thread (the 2-core machine is shared: wall time counts other jobs)
double peak_rss_mb();         // this process's peak resident memory

// Runs `self + ' ' + arguments` and reads `count` numbers from its standard output; throws
// treelab::Error naming the command when it prints fewer.
std::vector<double> child_numbers(const std::string& self, const std::string& arguments, int count);

}  // namespace treelab::bench
