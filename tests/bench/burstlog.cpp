// SPDX-License-Identifier: GPL-3.0-or-later
#include "burstlog.h"

#include <QMap>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <ctime>

namespace {
// Arguments compared between a command written and a log entry: the command, the script's sha,
// its keys and first arguments (the server's time, which differs call to call), each cut short
// of the 128 bytes the log keeps of an argument.
constexpr int HeadArgs = 8;
constexpr int HeadBytes = 100;

QByteArray nameOf(const QList<QByteArray> &argv)
{
    const QByteArray command = argv.value(0).toUpper();
    if (command != "EVALSHA" && command != "EVAL")
        return command;
    // The unified script's command, then what it was asked after the server's time (a group, an
    // offset, a count), cut short: which read of a page it was.
    const int keys = argv.value(2).toInt();
    QByteArray name = argv.value(3 + keys, command).left(40);
    QList<QByteArray> asked;
    for (qsizetype i = 5 + keys; i < argv.size() && i < 8 + keys; ++i)
        asked << argv.at(i).left(16);
    if (!asked.isEmpty())
        name += '(' + asked.join(',') + ')';
    return name;
}
} // namespace

BurstLog::BurstLog(RawRedis &raw, QString clientName)
    : m_raw(raw)
    , m_name(std::move(clientName))
{}

BurstLog::~BurstLog()
{
    if (WireTap::installed() == this)
        WireTap::install(nullptr);
}

qint64 BurstLog::monotonicNs()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

bool BurstLog::start(QString *error)
{
    const QList<RawRedis::Argv> setup{
        {"CONFIG", "SET", "slowlog-log-slower-than", QByteArray::number(FloorMicroseconds)},
        {"CONFIG", "SET", "slowlog-max-len", QByteArray::number(MaxEntries)},
        {"SLOWLOG", "RESET"},
    };
    for (const RawRedis::Argv &argv : setup) {
        const RawRedis::Reply reply = m_raw.command(argv);
        if (RawRedis::isError(reply.get())) {
            *error = QString::fromUtf8(argv.join(' ') + ": " + RawRedis::text(reply.get()));
            return false;
        }
    }
    WireTap::install(this);
    return true;
}

void BurstLog::setScenario(const QString &scenario)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_scenario = scenario;
}

void BurstLog::written(const QString &clientName, const QList<QByteArray> &argv)
{
    if (clientName != m_name)
        return;
    Command command;
    command.writtenNs = monotonicNs();
    command.name = nameOf(argv);
    for (qsizetype i = 0; i < argv.size() && i < HeadArgs; ++i)
        command.head.append(argv.at(i).left(HeadBytes));
    const std::lock_guard<std::mutex> lock(m_mutex);
    command.scenario = m_scenario;
    m_commands.push_back(std::move(command));
}

void BurstLog::replied(const QString &clientName)
{
    if (clientName != m_name)
        return;
    const qint64 now = monotonicNs();
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (m_nextReply < m_commands.size())
        m_commands[m_nextReply++].repliedNs = now;
}

bool BurstLog::finish(QString *error)
{
    WireTap::install(nullptr);
    const long long length = RawRedis::integer(m_raw.command({"SLOWLOG", "LEN"}).get());
    if (length >= MaxEntries) {
        *error = QStringLiteral("the slow log filled (%1 entries): calls went unseen").arg(length);
        return false;
    }
    const RawRedis::Reply log = m_raw.command({"SLOWLOG", "GET", QByteArray::number(qMax(1LL, length))});
    if (!log || log->type != REDIS_REPLY_ARRAY) {
        *error = QStringLiteral("SLOWLOG GET: ") + QString::fromUtf8(RawRedis::text(log.get()));
        return false;
    }
    match(log.get());
    return true;
}

void BurstLog::match(const redisReply *log)
{
    // The log lists the newest first; the connection's entries oldest first, as written.
    std::vector<const redisReply *> entries;
    std::vector<const redisReply *> others;
    for (size_t i = log->elements; i-- > 0;) {
        const redisReply *entry = log->element[i];
        if (entry->type != REDIS_REPLY_ARRAY || entry->elements < 6)
            continue;
        (RawRedis::text(entry->element[5]) == m_name.toUtf8() ? entries : others).push_back(entry);
    }
    std::sort(others.begin(), others.end(),
              [](const redisReply *a, const redisReply *b) { return a->element[2]->integer > b->element[2]->integer; });
    for (size_t i = 0; i < others.size() && i < 5; ++i) {
        const redisReply *argv = others[i]->element[3];
        QByteArray text;
        for (size_t k = 0; k < argv->elements && k < 5; ++k)
            text += (k ? " " : "") + RawRedis::text(argv->element[k]).left(40);
        const QByteArray name = RawRedis::text(others[i]->element[5]);
        m_others << QStringLiteral("%1 %2 ms (%3)")
                        .arg(QString::fromUtf8(text))
                        .arg(double(others[i]->element[2]->integer) / 1000.0, 0, 'f', 2)
                        .arg(name.isEmpty() ? QStringLiteral("a script's own command or the bench")
                                            : QString::fromUtf8(name));
    }
    const auto matches = [](const Command &command, const redisReply *argv) {
        if (qsizetype(argv->elements) < command.head.size())
            return false;
        for (qsizetype i = 0; i < command.head.size(); ++i) {
            if (RawRedis::text(argv->element[i]).left(HeadBytes) != command.head.at(i))
                return false;
        }
        return true;
    };
    // Each entry goes to the next command written that it matches; the commands it passes over
    // ran under the floor. An entry that matches none ahead is counted, not matched.
    size_t next = 0;
    for (const redisReply *entry : entries) {
        size_t at = next;
        while (at < m_commands.size() && !matches(m_commands[at], entry->element[3]))
            ++at;
        if (at == m_commands.size()) {
            ++m_unmatched;
            continue;
        }
        m_commands[at].redisMs = double(entry->element[2]->integer) / 1000.0;
        m_commands[at].logged = true;
        next = at + 1;
    }
}

namespace {
BurstLog::Burst describe(const std::vector<BurstLog::Command> &commands, size_t first, size_t last)
{
    BurstLog::Burst burst;
    QMap<QByteArray, int> names;
    for (size_t i = first; i <= last; ++i) {
        burst.redisMs += commands[i].redisMs;
        burst.unlogged += commands[i].logged ? 0 : 1;
        ++names[commands[i].name];
    }
    burst.commands = int(last - first + 1);
    QStringList times;
    for (size_t i = first; i <= last && i < first + 10; ++i)
        times << QStringLiteral("%1 %2").arg(QString::fromUtf8(commands[i].name)).arg(commands[i].redisMs, 0, 'f', 2);
    burst.times = times.join(QStringLiteral(" + "));
    burst.scenario = commands[last].scenario;
    QStringList parts;
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        parts << QStringLiteral("%1 x%2").arg(QString::fromUtf8(it.key())).arg(it.value());
    burst.what = parts.join(QStringLiteral(", "));
    const qint64 end = commands[last].repliedNs >= 0 ? commands[last].repliedNs : commands[last].writtenNs;
    burst.spanMs = double(end - commands[first].writtenNs) / 1e6;
    burst.fromNs = commands[first].writtenNs;
    burst.toNs = end;
    return burst;
}

// Calls `each(first, last)` for the commands outstanding just after each write: the first is the
// oldest not answered by then (replies come in order), the last the one just written.
template<typename Each>
void forEachOutstanding(const std::vector<BurstLog::Command> &commands, Each each)
{
    size_t first = 0;
    for (size_t last = 0; last < commands.size(); ++last) {
        const qint64 at = commands[last].writtenNs;
        while (first < last && commands[first].repliedNs >= 0 && commands[first].repliedNs <= at)
            ++first;
        each(first, last);
    }
}
} // namespace

BurstLog::Burst BurstLog::largest(const Counts &counts) const
{
    double most = -1;
    size_t from = 0;
    size_t to = 0;
    forEachOutstanding(m_commands, [&](size_t first, size_t last) {
        double sum = 0;
        for (size_t i = first; i <= last; ++i)
            sum += m_commands[i].redisMs;
        const qint64 end = m_commands[last].repliedNs >= 0 ? m_commands[last].repliedNs : m_commands[last].writtenNs;
        if (sum > most && (!counts || counts(m_commands[first].writtenNs, end, sum))) {
            most = sum;
            from = first;
            to = last;
        }
    });
    return most < 0 ? Burst{} : describe(m_commands, from, to);
}

QList<BurstLog::Burst> BurstLog::largestPerScenario() const
{
    QList<Burst> result;
    forEachOutstanding(m_commands, [&](size_t first, size_t last) {
        double sum = 0;
        for (size_t i = first; i <= last; ++i)
            sum += m_commands[i].redisMs;
        const QString &scenario = m_commands[last].scenario;
        qsizetype at = 0;
        while (at < result.size() && result.at(at).scenario != scenario)
            ++at;
        if (at == result.size()) {
            result.append(describe(m_commands, first, last));
        } else if (sum > result.at(at).redisMs) {
            result[at] = describe(m_commands, first, last);
        }
    });
    return result;
}

int BurstLog::longest() const
{
    int at = -1;
    for (size_t i = 0; i < m_commands.size(); ++i) {
        if (m_commands[i].logged && (at < 0 || m_commands[i].redisMs > m_commands[size_t(at)].redisMs))
            at = int(i);
    }
    return at;
}
