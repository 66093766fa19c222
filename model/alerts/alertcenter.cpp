// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertcenter.h"

#include "alerthook.h"
#include "alertlogmodel.h"
#include "alertmonitor.h"
#include "alertrulestore.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "sessionhistory.h"

AlertCenter *AlertCenter::of(QlessSession *session)
{
    auto *center = session->findChild<AlertCenter *>(QStringLiteral("alertCenter"), Qt::FindDirectChildrenOnly);
    return center ? center : new AlertCenter(session);
}

AlertCenter::AlertCenter(QlessSession *session)
    : QObject(session)
    , m_session(session)
    , m_monitor(new AlertMonitor(session->client(), this))
    , m_hook(new AlertHook(this))
    , m_log(new AlertLogModel(this))
    , m_server(session->settings().describe())
{
    setObjectName(QStringLiteral("alertCenter"));
    m_monitor->setConnected(session->state().phase == ConnectionState::Phase::Ready);
    connect(session, &QlessSession::stateChanged, this, [this](const ConnectionState &state) {
        m_monitor->setConnected(state.phase == ConnectionState::Phase::Ready);
    });
    connect(m_monitor, &AlertMonitor::changed, this, &AlertCenter::take);
    connect(m_hook, &AlertHook::finished, this, [this](bool ok, const QString &error) {
        if (!ok)
            emit commandFailed(error);
    });
}

void AlertCenter::useStore(AlertRuleStore *store)
{
    m_store = store;
    m_loadError.clear();
    if (!m_store) {
        emit rulesChanged();
        return;
    }
    const QList<AlertRule> kept = m_store->rules(m_server, &m_loadError);
    m_hook->setCommand(m_store->command(m_server));
    m_monitor->setRules(kept);
    m_log->retire(m_monitor->active(), m_session->client()->now());
    emit rulesChanged();
}

QList<AlertRule> AlertCenter::rules() const
{
    return m_monitor->rules();
}

QString AlertCenter::command() const
{
    return m_hook->command();
}

void AlertCenter::setRules(const QList<AlertRule> &rules, const QString &command)
{
    m_monitor->setRules(rules);
    m_hook->setCommand(command);
    m_log->retire(m_monitor->active(), m_session->client()->now());
    if (m_store) {
        m_store->setRules(m_server, rules);
        m_store->setCommand(m_server, command);
        m_store->sync();
    }
    m_loadError.clear();
    emit rulesChanged();
    check(); // the new rules' state now, not at the next refresh
}

void AlertCenter::check()
{
    // The trend rules read the history the session records (once the window has asked for it);
    // without it they keep quiet.
    if (!m_historyLinked) {
        if (SessionHistory *history = SessionHistory::existing(m_session)) {
            m_monitor->setHistory(history->store());
            m_historyLinked = true;
        }
    }
    if (!m_monitor->rules().isEmpty())
        m_monitor->check();
}

void AlertCenter::acknowledge(const QList<int> &rows)
{
    QList<QPair<QString, QString>> on; // rule and subject
    for (int row : rows) {
        if (row >= 0 && row < m_log->rowCount() && m_log->entry(row).clearedAt <= 0)
            on.append({m_log->entry(row).ruleId, m_log->entry(row).subject});
    }
    m_log->acknowledge(rows);
    const double now = m_session->client()->now();
    QList<AlertEvent> ended;
    for (const auto &[ruleId, subject] : std::as_const(on)) {
        if (const std::optional<AlertEvent> event = m_monitor->evaluator().acknowledge(ruleId, subject, now))
            ended.append(*event);
    }
    if (!ended.isEmpty())
        take(ended);
}

void AlertCenter::acknowledgeAll()
{
    QList<int> rows;
    for (int row = 0; row < m_log->rowCount(); ++row)
        rows << row;
    acknowledge(rows);
}

bool AlertCenter::readsQueueCounts() const
{
    return m_session->state().phase == ConnectionState::Phase::Ready && m_monitor->evaluator().needs().queues;
}

void AlertCenter::take(const QList<AlertEvent> &events)
{
    m_log->apply(events);
    QList<AlertEvent> firedNow;
    for (const AlertEvent &event : events) {
        m_hook->run(event, ruleText(event.ruleId), m_server);
        if (event.change == AlertEvent::Change::Fired)
            firedNow << event;
    }
    if (!firedNow.isEmpty())
        emit fired(firedNow);
}

QString AlertCenter::ruleText(const QString &ruleId) const
{
    for (const AlertRule &rule : m_monitor->rules()) {
        if (rule.id == ruleId)
            return rule.describe();
    }
    return ruleId;
}
