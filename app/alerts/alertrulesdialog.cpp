// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertrulesdialog.h"

#include "alertruleform.h"
#include "alertrulestore.h"
#include "tonestyle.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSet>
#include <QVBoxLayout>

AlertRulesDialog::AlertRulesDialog(const QList<AlertRule> &rules, const QString &command, QWidget *parent)
    : QDialog(parent)
    , m_rules(rules)
    , m_list(new QListWidget(this))
    , m_form(new AlertRuleForm(this))
    , m_command(new QLineEdit(command, this))
    , m_add(new QPushButton(tr("&Add"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_import(new QPushButton(tr("&Import…"), this))
    , m_export(new QPushButton(tr("&Export…"), this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Alert rules"));
    m_list->setAccessibleName(tr("Alert rules"));
    m_command->setAccessibleName(tr("Alert command"));
    m_command->setPlaceholderText(tr("none (for example: notify-chat --channel ops)"));
    m_command->setToolTip(tr("Run for every alert that fires or clears, with the alert as JSON on its standard "
                             "input. No shell runs it: write sh -c \"…\" to have one."));
    m_add->setAccessibleName(tr("Add a rule"));
    m_remove->setAccessibleName(tr("Remove the selected rule"));
    m_import->setAccessibleName(tr("Import rules from a file"));
    m_import->setToolTip(tr("Replaces the rules listed here with a file's (Cancel keeps the old ones)."));
    m_export->setAccessibleName(tr("Export the rules to a file"));
    m_problem->setWordWrap(true);
    ToneStyle::setText(m_problem, ToneStyle::Tone::Bad);
    m_problem->hide();

    auto *side = new QVBoxLayout;
    side->addWidget(m_add);
    side->addWidget(m_remove);
    side->addSpacing(12);
    side->addWidget(m_import);
    side->addWidget(m_export);
    side->addStretch(1);
    auto *top = new QHBoxLayout;
    top->addWidget(m_list, 1);
    top->addLayout(side);

    auto *ruleBox = new QGroupBox(tr("Selected rule"), this);
    auto *ruleLayout = new QVBoxLayout(ruleBox);
    ruleLayout->addWidget(m_form);

    auto *commandLabel = new QLabel(tr("Co&mmand for each alert:"), this);
    commandLabel->setBuddy(m_command);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(ruleBox);
    layout->addWidget(commandLabel);
    layout->addWidget(m_command);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_list, &QListWidget::currentRowChanged, this, &AlertRulesDialog::showRule);
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_list->row(item);
        const bool on = item->checkState() == Qt::Checked;
        if (row < 0 || row >= m_rules.size() || m_rules.at(row).enabled == on)
            return;
        m_rules[row].enabled = on;
        if (row == m_list->currentRow())
            m_form->setRule(m_rules.at(row));
    });
    connect(m_form, &AlertRuleForm::edited, this, &AlertRulesDialog::takeEdit);
    connect(m_add, &QPushButton::clicked, this, &AlertRulesDialog::addRule);
    connect(m_remove, &QPushButton::clicked, this, &AlertRulesDialog::removeRule);
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Import alert rules"), {}, tr("Alert rules (*.json);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export alert rules"), QStringLiteral("alert-rules.json"),
                                         tr("Alert rules (*.json);;All files (*)"));
        if (!path.isEmpty())
            exportFile(path);
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AlertRulesDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    fillList();
    resize(640, 560);
}

QString AlertRulesDialog::command() const
{
    return m_command->text().trimmed();
}

bool AlertRulesDialog::importFile(const QString &path)
{
    QList<AlertRule> read;
    QString error;
    if (!AlertRuleStore::importFrom(path, &read, &error)) {
        m_problem->setText(tr("Nothing imported: %1").arg(error));
        m_problem->show();
        return false;
    }
    m_rules = read;
    m_problem->hide();
    fillList();
    return true;
}

bool AlertRulesDialog::exportFile(const QString &path)
{
    QString error;
    if (!AlertRuleStore::exportTo(path, m_rules, &error)) {
        m_problem->setText(tr("Not exported: %1").arg(error));
        m_problem->show();
        return false;
    }
    m_problem->hide();
    return true;
}

void AlertRulesDialog::accept()
{
    for (int row = 0; row < m_rules.size(); ++row) {
        const QString problem = m_rules.at(row).problem();
        if (problem.isEmpty())
            continue;
        m_list->setCurrentRow(row);
        m_problem->setText(tr("Rule %1: %2").arg(row + 1).arg(problem));
        m_problem->show();
        return;
    }
    QDialog::accept();
}

void AlertRulesDialog::addRule()
{
    AlertRule rule;
    rule.id = newId();
    rule.kind = AlertRule::Kind::WaitingAbove;
    rule.threshold = 1000;
    m_rules.append(rule);
    fillList();
    m_list->setCurrentRow(int(m_rules.size()) - 1);
    m_form->setFocus(Qt::OtherFocusReason);
}

void AlertRulesDialog::removeRule()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_rules.size())
        return;
    m_rules.removeAt(row);
    fillList();
    m_list->setCurrentRow(qMin(row, int(m_rules.size()) - 1));
}

void AlertRulesDialog::showRule(int row)
{
    const bool valid = row >= 0 && row < m_rules.size();
    m_form->setEnabled(valid);
    m_remove->setEnabled(valid);
    if (valid)
        m_form->setRule(m_rules.at(row));
}

// The form's fields become the selected rule, and its line in the list says what it now watches.
void AlertRulesDialog::takeEdit()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_rules.size())
        return;
    m_rules[row] = m_form->rule();
    QListWidgetItem *item = m_list->item(row);
    const QSignalBlocker quiet(m_list);
    item->setText(m_rules.at(row).describe());
    item->setCheckState(m_rules.at(row).enabled ? Qt::Checked : Qt::Unchecked);
    m_problem->hide();
}

void AlertRulesDialog::fillList()
{
    const QSignalBlocker quiet(m_list);
    m_list->clear();
    for (const AlertRule &rule : std::as_const(m_rules)) {
        auto *item = new QListWidgetItem(rule.describe(), m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(rule.enabled ? Qt::Checked : Qt::Unchecked);
    }
    m_list->setCurrentRow(m_rules.isEmpty() ? -1 : 0);
    showRule(m_list->currentRow());
}

QString AlertRulesDialog::newId() const
{
    QSet<QString> taken;
    for (const AlertRule &rule : m_rules)
        taken.insert(rule.id);
    for (int n = int(m_rules.size()) + 1;; ++n) {
        const QString id = QStringLiteral("rule-%1").arg(n);
        if (!taken.contains(id))
            return id;
    }
}
