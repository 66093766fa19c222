// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertruleform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace {
constexpr int MaxThreshold = 1000000000;
constexpr int MaxWindowMinutes = 24 * 60;
} // namespace

AlertRuleForm::AlertRuleForm(QWidget *parent)
    : QWidget(parent)
    , m_form(new QFormLayout(this))
    , m_kind(new QComboBox(this))
    , m_scopeLabel(new QLabel(this))
    , m_scope(new QLineEdit(this))
    , m_thresholdLabel(new QLabel(this))
    , m_threshold(new QSpinBox(this))
    , m_windowLabel(new QLabel(tr("&Within:"), this))
    , m_window(new QSpinBox(this))
    , m_enabled(new QCheckBox(tr("&On: checked after every refresh"), this))
{
    for (AlertRule::Kind kind : AlertRule::kinds())
        m_kind->addItem(kindLabel(kind), int(kind));
    m_kind->setAccessibleName(tr("What the rule watches"));
    m_scope->setAccessibleName(tr("Where the rule looks"));
    m_scope->setClearButtonEnabled(true);
    m_threshold->setRange(0, MaxThreshold);
    m_threshold->setGroupSeparatorShown(true);
    m_threshold->setAccessibleName(tr("Threshold"));
    m_window->setRange(1, MaxWindowMinutes);
    m_window->setSuffix(tr(" min"));
    m_window->setAccessibleName(tr("Window in minutes"));
    m_enabled->setAccessibleName(tr("Rule on"));
    m_scopeLabel->setBuddy(m_scope);
    m_thresholdLabel->setBuddy(m_threshold);
    m_windowLabel->setBuddy(m_window);
    auto *kindLabelWidget = new QLabel(tr("&Watch:"), this);
    kindLabelWidget->setBuddy(m_kind);

    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->addRow(kindLabelWidget, m_kind);
    m_form->addRow(m_scopeLabel, m_scope);
    m_form->addRow(m_thresholdLabel, m_threshold);
    m_form->addRow(m_windowLabel, m_window);
    m_form->addRow(QString(), m_enabled);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        fitToKind();
        if (!m_loading)
            emit edited();
    });
    const auto changed = [this] {
        if (!m_loading)
            emit edited();
    };
    connect(m_scope, &QLineEdit::textEdited, this, changed);
    connect(m_threshold, &QSpinBox::valueChanged, this, changed);
    connect(m_threshold, &QSpinBox::valueChanged, this, &AlertRuleForm::fitThresholdUnit);
    connect(m_window, &QSpinBox::valueChanged, this, changed);
    connect(m_enabled, &QCheckBox::toggled, this, changed);
    fitToKind();
}

QString AlertRuleForm::kindLabel(AlertRule::Kind kind)
{
    switch (kind) {
    case AlertRule::Kind::WaitingAbove: return tr("Waiting jobs above a count");
    case AlertRule::Kind::StalledAbove: return tr("Stalled jobs above a count");
    case AlertRule::Kind::FailuresGrew: return tr("Failures grown by more than a count");
    case AlertRule::Kind::AtMaxConcurrencyFor: return tr("Running at max-concurrency for too long");
    case AlertRule::Kind::WorkerNotSeenFor: return tr("A worker not seen for too long");
    case AlertRule::Kind::ConnectionDownFor: return tr("The connection down for too long");
    case AlertRule::Kind::PausedFor: return tr("A queue paused for too long");
    case AlertRule::Kind::OldestWaitingFor: return tr("A job waiting for too long");
    case AlertRule::Kind::WaitingGrewPercent: return tr("Waiting jobs grown by more than a percentage (history)");
    case AlertRule::Kind::ThroughputBelow: return tr("Jobs completed a minute under a floor (history)");
    case AlertRule::Kind::BluequePendingAbove: return tr("Blueque: pending tasks above a count");
    case AlertRule::Kind::BluequeFailuresGrew: return tr("Blueque: failed tasks grown by more than a count");
    case AlertRule::Kind::BluequeStartedFor: return tr("Blueque: a task started too long ago");
    case AlertRule::Kind::SideJobFailedGrew: return tr("SideJob: failed jobs grown by more than a count");
    case AlertRule::Kind::SidekiqQueueAbove: return tr("SideJob: a Sidekiq queue above a count");
    case AlertRule::Kind::SidekiqNoBeatFor: return tr("SideJob: a Sidekiq process without a beat for too long");
    }
    return {};
}

void AlertRuleForm::setRule(const AlertRule &rule)
{
    m_loading = true;
    m_id = rule.id;
    m_kind->setCurrentIndex(m_kind->findData(int(rule.kind)));
    m_scope->setText(rule.scope);
    m_threshold->setValue(int(qBound(0.0, rule.threshold, double(MaxThreshold))));
    m_window->setValue(qMax(1, rule.windowMinutes));
    m_enabled->setChecked(rule.enabled);
    fitToKind();
    m_loading = false;
}

AlertRule AlertRuleForm::rule() const
{
    AlertRule rule;
    rule.id = m_id;
    rule.kind = AlertRule::Kind(m_kind->currentData().toInt());
    rule.scope = rule.scopeOf() == AlertRule::ScopeOf::Nothing ? QString() : m_scope->text().trimmed();
    rule.threshold = m_threshold->value();
    rule.windowMinutes = rule.isWindowed() ? m_window->value() : 0;
    rule.enabled = m_enabled->isChecked();
    return rule;
}

void AlertRuleForm::fitToKind()
{
    AlertRule shape;
    shape.kind = AlertRule::Kind(m_kind->currentData().toInt());
    switch (shape.scopeOf()) {
    case AlertRule::ScopeOf::Queue:
        m_scopeLabel->setText(tr("&Queue:"));
        if (shape.isSideJob())
            m_scope->setPlaceholderText(shape.kind == AlertRule::Kind::SideJobFailedGrew
                                            ? tr("all SideJob queues together")
                                            : tr("every Sidekiq queue"));
        else if (shape.isBlueque())
            m_scope->setPlaceholderText(shape.kind == AlertRule::Kind::BluequeFailuresGrew
                                            ? tr("all Blueque queues together")
                                            : tr("every Blueque queue"));
        else
            m_scope->setPlaceholderText(shape.kind == AlertRule::Kind::ThroughputBelow ? tr("all queues together")
                                                                                       : tr("every queue"));
        break;
    case AlertRule::ScopeOf::FailureGroup:
        m_scopeLabel->setText(tr("&Group:"));
        m_scope->setPlaceholderText(tr("all failure groups together"));
        break;
    case AlertRule::ScopeOf::Worker:
        m_scopeLabel->setText(tr("Wor&ker:"));
        m_scope->setPlaceholderText(shape.isSideJob() ? tr("every Sidekiq process") : tr("every worker"));
        break;
    case AlertRule::ScopeOf::Nothing: break;
    }
    const bool scoped = shape.scopeOf() != AlertRule::ScopeOf::Nothing;
    m_form->setRowVisible(m_scope, scoped);
    if (shape.thresholdIsDuration()) {
        m_thresholdLabel->setText(tr("&For longer than:"));
    } else {
        const bool growth =
            shape.kind == AlertRule::Kind::FailuresGrew || shape.kind == AlertRule::Kind::WaitingGrewPercent
            || shape.kind == AlertRule::Kind::BluequeFailuresGrew || shape.kind == AlertRule::Kind::SideJobFailedGrew;
        m_thresholdLabel->setText(growth                                           ? tr("&More than:")
                                  : shape.kind == AlertRule::Kind::ThroughputBelow ? tr("&Under:")
                                                                                   : tr("&Above:"));
    }
    fitThresholdUnit();
    const bool windowed = shape.isWindowed();
    m_form->setRowVisible(m_window, windowed);
}

// The threshold's unit: seconds, or jobs in the plural form its value asks for ("1 job").
void AlertRuleForm::fitThresholdUnit()
{
    AlertRule shape;
    shape.kind = AlertRule::Kind(m_kind->currentData().toInt());
    if (shape.kind == AlertRule::Kind::WaitingGrewPercent)
        m_threshold->setSuffix(tr(" %"));
    else if (shape.kind == AlertRule::Kind::ThroughputBelow)
        m_threshold->setSuffix(tr(" job(s) a minute", nullptr, m_threshold->value()));
    else if (shape.isBlueque() && !shape.thresholdIsDuration())
        m_threshold->setSuffix(tr(" task(s)", nullptr, m_threshold->value()));
    else
        m_threshold->setSuffix(shape.thresholdIsDuration() ? tr(" s") : tr(" job(s)", nullptr, m_threshold->value()));
}
