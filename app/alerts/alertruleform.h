// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertrule.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

// Edits one alert rule: what it watches (the kind), where (a queue, failure group or worker, or
// every one of them), from when on it is bad, and whether it is on. Fields that do not apply to
// the kind are hidden; a duration reads in seconds, a count in jobs.
class AlertRuleForm final : public QWidget
{
    Q_OBJECT

public:
    explicit AlertRuleForm(QWidget *parent = nullptr);

    // Shows `rule` (its id is kept as is).
    void setRule(const AlertRule &rule);
    AlertRule rule() const;

    QComboBox *kindChoice() const { return m_kind; }
    QLineEdit *scopeEdit() const { return m_scope; }
    QSpinBox *thresholdSpin() const { return m_threshold; }
    QSpinBox *windowSpin() const { return m_window; }
    QCheckBox *enabledBox() const { return m_enabled; }

    // What a kind is called in the kind list.
    static QString kindLabel(AlertRule::Kind kind);

signals:
    // The operator changed a field.
    void edited();

private:
    void fitToKind();
    void fitThresholdUnit();

    QString m_id;
    QFormLayout *m_form;
    QComboBox *m_kind;
    QLabel *m_scopeLabel;
    QLineEdit *m_scope;
    QLabel *m_thresholdLabel;
    QSpinBox *m_threshold;
    QLabel *m_windowLabel;
    QSpinBox *m_window;
    QCheckBox *m_enabled;
    bool m_loading = false; // setRule fills the fields: that is no edit
};
