// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class ConfigEditor;
class ConfigModel;
class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

// qless's configuration: every option with the value in force, its override (bold) and its
// default side by side, each queue's heartbeat; below, an editor for the selected option (or one
// typed by name, such as the heartbeat of a queue not listed yet): a value checked as it is typed,
// Set, and Reset to default. A number qless accepts but that does something surprising (a heartbeat
// of 0, a fractional count, max-concurrency 0 meaning no limit) is explained in a warning and Set
// waits until "Set it anyway" is ticked. Writes go through ConfigEditor (audited); errors show on the page.
// On a read-only connection every edit control is disabled and says why.
class ConfigPage final : public Page
{
    Q_OBJECT

public:
    explicit ConfigPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Config"); }
    void refresh(std::function<void(bool ok)> done) override;

    ConfigModel *configModel() const { return m_config; }
    ConfigEditor *configEditor() const { return m_editor; }
    QTableView *configView() const { return m_view; }
    QLineEdit *optionField() const { return m_option; }
    QLineEdit *valueField() const { return m_value; }
    QPushButton *setButton() const { return m_set; }
    QPushButton *resetButton() const { return m_reset; }
    // The inline check of the value typed ("not a number ..."), or the warning about what a
    // surprising value would do; empty when it may simply be set.
    QLabel *checkLabel() const { return m_check; }
    // Shown with a warning: Set is enabled only once it is ticked (for the value as typed).
    QCheckBox *confirmBox() const { return m_confirm; }
    // What the last write did, or why it failed.
    QLabel *resultLabel() const { return m_result; }

    // Makes `option` the selected row (when listed) and the one the editor changes.
    void selectOption(const QString &option);

private:
    void onCurrentRowChanged();
    void onOptionEdited();
    void onWriteFinished(bool ok, const QString &message);
    void setSubmitting(const QString &option);
    void submitSet();
    void submitReset();
    // Enables what may be used now and says what the chosen option is and where its value comes from.
    void updateControls();
    void followWritability();
    void showResult(bool ok, const QString &message);

    ConfigModel *m_config;
    ConfigEditor *m_editor;
    QTableView *m_view;
    QLineEdit *m_option;
    QLabel *m_about;
    QLineEdit *m_value;
    QLabel *m_unit;
    QPushButton *m_set;
    QPushButton *m_reset;
    QLabel *m_check;
    QCheckBox *m_confirm;
    QLabel *m_result;
    QLabel *m_readOnlyNote;
    // The option being written, to select and reload once the write is done.
    QString m_writing;
};
